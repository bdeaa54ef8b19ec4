/**
 * The `srcset` of a cover: its smaller copies and the original, each with its width, so the browser loads the
 * narrowest that fills the shown size at the screen's pixel density (issue 32.5). Undefined without copies: the
 * `src` alone (the original) is shown, as for covers stored before copies were made.
 */
import type { ImageVariant } from '../contracts/news';

export interface CoverImage {
  url: string;
  width: number;
  variants: readonly ImageVariant[];
}

export function coverSrcSet(cover: CoverImage): string | undefined {
  const smaller = cover.variants.filter((v) => v.width < cover.width);
  if (smaller.length === 0) return undefined;
  return [...smaller, cover].map((c) => `${c.url} ${c.width}w`).join(', ');
}

/** `srcSet` and `sizes` for an `<img>` showing the cover `sizes` wide (a media-query list), or nothing without copies. */
export function responsiveCover(cover: CoverImage, sizes: string): { srcSet?: string; sizes?: string } {
  const srcSet = coverSrcSet(cover);
  return srcSet ? { srcSet, sizes } : {};
}
