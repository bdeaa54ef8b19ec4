/** Types of resize.mjs (plain JavaScript so that worker threads load it without a build step). */

export interface ResizeJob {
  /** The image's bytes (PNG, JPEG or WebP). */
  data: Uint8Array;
  /** Widths wanted; those not narrower than the image are left out. */
  widths: readonly number[];
}

/** One smaller copy, WebP. */
export interface Variant {
  width: number;
  height: number;
  data: Uint8Array;
}

export type ResizeResult =
  | { kind: 'unreadable' }
  /** `width` × `height`: the decoded image as shown (a JPEG's EXIF orientation applied). Variants narrowest first. */
  | { kind: 'image'; width: number; height: number; variants: Variant[] };

export const VARIANT_QUALITY: number;

export function resizeImage(job: ResizeJob, options?: { blocking?: boolean }): Promise<ResizeResult>;

/** An uploaded image decoded (EXIF orientation applied), or null when it is not one or has no pixels. */
export function decodeImage(data: Uint8Array): Promise<import('@napi-rs/canvas').Image | null>;
