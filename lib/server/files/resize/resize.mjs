// @ts-check
/**
 * Smaller copies of an uploaded image (@napi-rs/canvas: Skia prebuilt from npm, no system packages). Plain
 * JavaScript, typed by resize.d.mts, so the resize worker threads (worker.mjs, pooled by ../variants.ts) load it as
 * it is, without a build step.
 *
 * The image is decoded once — which is also the proof that it is a whole, readable image — and each width narrower
 * than the image is drawn with Skia's high-quality (mipmapped) filter and encoded as WebP: a 960×540 demo cover of
 * 18.5 KB gives 3.8 KB at 320 px, 7.2 KB at 480 and 10.4 KB at 640 (about 50 ms for the three on this machine).
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';

/** WebP quality of the copies: the originals' (the demo covers are drawn at 80). */
export const VARIANT_QUALITY = 80;

/**
 * An uploaded image decoded (EXIF orientation applied), or null when it is not one or has no pixels.
 * @param {Uint8Array} data
 */
export async function decodeImage(data) {
  try {
    const image = await loadImage(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    return image.width > 0 && image.height > 0 ? image : null;
  } catch {
    return null;
  }
}

/**
 * @param {import('./resize.d.mts').ResizeJob} job
 * @param {{ blocking?: boolean }} [options] `blocking`: encode on this thread (a worker has its thread to itself)
 *   rather than queue behind libuv's shared pool.
 * @returns {Promise<import('./resize.d.mts').ResizeResult>}
 */
export async function resizeImage(job, { blocking = false } = {}) {
  // Decoding applies a JPEG's EXIF orientation, as browsers do: these are the sizes the image is shown at.
  const image = await decodeImage(job.data);
  if (!image) return { kind: 'unreadable' };
  const { width, height } = image;
  /** @type {import('./resize.d.mts').Variant[]} */
  const variants = [];
  for (const target of [...new Set(job.widths)].sort((a, b) => a - b)) {
    if (!(Number.isInteger(target) && target > 0 && target < width)) continue;
    const h = Math.max(1, Math.round((height * target) / width));
    const canvas = createCanvas(target, h);
    const ctx = canvas.getContext('2d');
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(image, 0, 0, target, h);
    const bytes = blocking ? canvas.toBuffer('image/webp', VARIANT_QUALITY) : await canvas.encode('webp', VARIANT_QUALITY);
    // A copy with an ArrayBuffer of its own, which the worker can hand over to the request thread.
    variants.push({ width: target, height: h, data: new Uint8Array(bytes) });
  }
  return { kind: 'image', width, height, variants };
}
