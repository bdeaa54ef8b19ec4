// @ts-check
/**
 * A field photo's display copy (issue 34.1): the photo decoded (which also proves it is a whole, readable image; a
 * JPEG's EXIF orientation applied, as browsers do), scaled to fit `maxSide`, with a caption band burned in at its
 * foot — the lines the server composed (spot number, time, position, heading, distance to the spot), never text
 * from the client. Encoded as JPEG, which the PDF report can embed as it is. Plain JavaScript, typed by
 * caption.d.mts, so the worker threads (worker.mjs, pooled by ./index.ts) load it without a build step.
 *
 * The caption is set in Noto Sans SC (from the npm package @embedpdf/fonts-sc, the PDF report's font), so Chinese
 * and Latin labels draw alike on any machine.
 */
import path from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import { decodeImage } from '../../files/resize/resize.mjs';

const FONT_FILE = 'node_modules/@embedpdf/fonts-sc/fonts/NotoSansHans-Regular.otf';
const FAMILY = 'Portal Caption Sans';
let fontReady = false;

function registerFont() {
  if (fontReady) return;
  GlobalFonts.registerFromPath(path.join(process.cwd(), FONT_FILE), FAMILY);
  fontReady = true;
}

/** JPEG quality of the display copy. */
export const DISPLAY_QUALITY = 82;

/**
 * @param {import('./caption.d.mts').CaptionJob} job
 * @param {{ blocking?: boolean }} [options] `blocking`: encode on this thread (a worker has it to itself).
 * @returns {Promise<import('./caption.d.mts').CaptionResult>}
 */
export async function captionPhoto(job, { blocking = false } = {}) {
  const image = await decodeImage(job.data);
  if (!image) return { kind: 'unreadable' };
  const { width, height } = image;
  registerFont();
  const scale = Math.min(1, job.maxSide / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const canvas = createCanvas(w, h);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, 0, 0, w, h);

  // The band: as tall as the lines need, at least 12 px a line, about 3 % of the shorter side each.
  const fontPx = Math.max(12, Math.round(Math.min(w, h) * 0.032));
  const lineHeight = Math.round(fontPx * 1.35);
  const padding = Math.round(fontPx * 0.6);
  const band = Math.min(h, job.lines.length * lineHeight + padding * 2);
  ctx.fillStyle = 'rgba(0, 0, 0, 0.62)';
  ctx.fillRect(0, h - band, w, band);
  ctx.font = `${fontPx}px "${FAMILY}"`;
  ctx.textBaseline = 'top';
  ctx.fillStyle = '#ffffff';
  job.lines.forEach((line, i) => {
    ctx.fillText(line, padding, h - band + padding + i * lineHeight, w - padding * 2);
  });
  const bytes = blocking ? canvas.toBuffer('image/jpeg', DISPLAY_QUALITY) : await canvas.encode('jpeg', DISPLAY_QUALITY);
  return { kind: 'image', width, height, display: { width: w, height: h, band, data: new Uint8Array(bytes) } };
}
