import 'server-only';
/**
 * Draws map images on a pool of worker threads (raster/worker.mjs), one job per image: drawing is
 * CPU-bound Skia work, so the request thread only fetches rows and the cores draw in parallel. With
 * MAP_RENDER_THREADS=0 (or where threads cannot start) images are drawn on the request thread.
 */
import os from 'node:os';
import path from 'node:path';
import { getEnv } from '../env';
import { OffThread } from '../compute/thread-pool';
import { renderJob, type CoverageGrid, type PaintStyle, type PixelBox, type RenderJob } from './raster/renderer.mjs';

export type { CoverageStyle, PaintStyle } from './raster/renderer.mjs';

/** One feature to draw (its geometry as WKB and how it looks), or a density layer's counts per cell. */
export type DrawItem = { wkb: Uint8Array; style: PaintStyle } | { coverage: CoverageGrid };

export interface RenderOptions {
  width: number;
  height: number;
  background?: string | null;
  box: PixelBox;
}

const sameDash = (a: PaintStyle['dash'], b: PaintStyle['dash']) =>
  a === b || (a?.length === b?.length && !!a?.every((v, i) => v === b?.[i]));

const sameStyle = (a: PaintStyle, b: PaintStyle) =>
  a === b ||
  (a.fill === b.fill && a.stroke === b.stroke && a.lineWidth === b.lineWidth && a.radius === b.radius && sameDash(a.dash, b.dash));

/** Packs the features into one transferable job; consecutive features of one style form a group. */
export function packJob(items: readonly DrawItem[], options: RenderOptions): RenderJob {
  const features = items.filter((item) => 'wkb' in item);
  const offsets = new Uint32Array(features.length + 1);
  let total = 0;
  features.forEach((item, i) => {
    offsets[i] = total;
    total += item.wkb.byteLength;
  });
  offsets[features.length] = total;
  const wkb = new Uint8Array(total);
  const groups: RenderJob['groups'] = [];
  let feature = 0;
  for (const item of items) {
    // A copy of the counts: the job's buffers move to the thread, and a retry packs the items again.
    if ('coverage' in item) {
      groups.push({ coverage: { ...item.coverage, counts: item.coverage.counts.slice() } });
      continue;
    }
    wkb.set(item.wkb, offsets[feature++]!);
    const last = groups[groups.length - 1];
    if (last && 'style' in last && sameStyle(last.style, item.style)) last.count++;
    else groups.push({ style: item.style, count: 1 });
  }
  return { width: options.width, height: options.height, box: options.box, background: options.background ?? null, groups, wkb, offsets };
}

const renderer = new OffThread<RenderJob, Uint8Array>(
  () => ({
    name: 'render',
    file: path.join(process.cwd(), 'lib/server/map/raster/worker.mjs'),
    size: getEnv().MAP_RENDER_THREADS ?? Math.min(8, os.availableParallelism()),
    transfer: (job) => [
      job.wkb.buffer as ArrayBuffer,
      job.offsets.buffer as ArrayBuffer,
      ...job.groups.flatMap((group) => ('coverage' in group ? [group.coverage.counts.buffer as ArrayBuffer] : [])),
    ],
  }),
  (job) => renderJob(job),
);

/** Draws the features (in order) into a PNG of `options.width` × `options.height`. */
export async function renderPng(items: readonly DrawItem[], options: RenderOptions): Promise<Buffer> {
  // The thread takes the job's buffers: a retry on this thread (a worker lost) packs them again.
  const png = await renderer.run(packJob(items, options), undefined, () => packJob(items, options));
  return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
}
