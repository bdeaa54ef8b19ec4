/** Types of caption.mjs (plain JavaScript so that worker threads load it without a build step). */

export interface CaptionJob {
  /** The photo's bytes (JPEG or PNG). */
  data: Uint8Array;
  /** The caption's lines, top to bottom. */
  lines: readonly string[];
  /** The display copy's longer side at most (never enlarged). */
  maxSide: number;
}

export type CaptionResult =
  | { kind: 'unreadable' }
  /** `width` × `height`: the photo as decoded (orientation applied); `display`: the captioned JPEG, `band` px of caption at its foot. */
  | { kind: 'image'; width: number; height: number; display: { width: number; height: number; band: number; data: Uint8Array } };

export const DISPLAY_QUALITY: number;

export function captionPhoto(job: CaptionJob, options?: { blocking?: boolean }): Promise<CaptionResult>;
