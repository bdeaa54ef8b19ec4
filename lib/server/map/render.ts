import 'server-only';
/**
 * Draws map images on a pool of worker threads (raster/worker.mjs), one job per image: drawing is
 * CPU-bound Skia work, so the request thread only fetches rows and the cores draw in parallel. With
 * MAP_RENDER_THREADS=0 (or where threads cannot start) images are drawn on the request thread.
 */
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { getEnv } from '../env';
import { log } from '../log';
import { renderJob, type PaintStyle, type PixelBox, type RenderJob } from './raster/renderer.mjs';

export type { PaintStyle } from './raster/renderer.mjs';

/** One feature to draw: its geometry as WKB and how it looks. */
export interface DrawItem {
  wkb: Uint8Array;
  style: PaintStyle;
}

export interface RenderOptions {
  width: number;
  height: number;
  background?: string | null;
  box: PixelBox;
}

const sameStyle = (a: PaintStyle, b: PaintStyle) =>
  a === b || (a.fill === b.fill && a.stroke === b.stroke && a.lineWidth === b.lineWidth && a.radius === b.radius && a.accumulate === b.accumulate);

/** Packs the features into one transferable job; consecutive features of one style form a group. */
export function packJob(items: readonly DrawItem[], options: RenderOptions): RenderJob {
  const offsets = new Uint32Array(items.length + 1);
  let total = 0;
  items.forEach((item, i) => {
    offsets[i] = total;
    total += item.wkb.byteLength;
  });
  offsets[items.length] = total;
  const wkb = new Uint8Array(total);
  const groups: RenderJob['groups'] = [];
  items.forEach((item, i) => {
    wkb.set(item.wkb, offsets[i]!);
    const last = groups[groups.length - 1];
    if (last && sameStyle(last.style, item.style)) last.count++;
    else groups.push({ style: item.style, count: 1 });
  });
  return { width: options.width, height: options.height, box: options.box, background: options.background ?? null, groups, wkb, offsets };
}

/** A worker died or could not start: the image is drawn on the request thread instead. */
class WorkerLost extends Error {}

/** Consecutive worker losses after which the pool gives up and images are drawn on the request thread. */
const MAX_LOSSES = 3;

interface Pending {
  resolve: (png: Buffer) => void;
  reject: (error: Error) => void;
}

interface PoolWorker {
  worker: Worker;
  pending: Map<number, Pending>;
}

const WORKER_FILE = path.join(process.cwd(), 'lib/server/map/raster/worker.mjs');

class RenderPool {
  private readonly workers: PoolWorker[] = [];
  private nextId = 1;
  losses = 0;

  constructor(private readonly size: number) {}

  private spawn(): PoolWorker {
    const worker = new Worker(WORKER_FILE);
    const entry: PoolWorker = { worker, pending: new Map() };
    worker.on('message', (message: { id: number; png?: Uint8Array; error?: string }) => {
      const job = entry.pending.get(message.id);
      if (!job) return;
      entry.pending.delete(message.id);
      if (entry.pending.size === 0) entry.worker.unref();
      this.losses = 0;
      if (message.png) job.resolve(Buffer.from(message.png.buffer, message.png.byteOffset, message.png.byteLength));
      else job.reject(new Error(message.error ?? 'render failed'));
    });
    const fail = (error: Error) => {
      const index = this.workers.indexOf(entry);
      if (index < 0) return;
      this.workers.splice(index, 1);
      this.losses++;
      for (const job of entry.pending.values()) job.reject(new WorkerLost(error.message));
      entry.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`render worker exited (${code})`)));
    // Idle workers must not keep the process (or a test run) alive. After the listeners: attaching a
    // 'message' listener refs the worker's port again.
    worker.unref();
    this.workers.push(entry);
    return entry;
  }

  /** The least busy worker, starting another while the pool is below its size. */
  private pick(): PoolWorker {
    let best = this.workers[0];
    for (const w of this.workers) if (best && w.pending.size < best.pending.size) best = w;
    if (!best || (best.pending.size > 0 && this.workers.length < this.size)) return this.spawn();
    return best;
  }

  run(job: RenderJob): Promise<Buffer> {
    const entry = this.pick();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      // Busy workers keep the process alive until they answer; idle ones do not.
      if (entry.pending.size === 0) entry.worker.ref();
      entry.pending.set(id, { resolve, reject });
      entry.worker.postMessage({ id, job }, [job.wkb.buffer as ArrayBuffer, job.offsets.buffer as ArrayBuffer]);
    });
  }
}

let pool: RenderPool | null | undefined;

function getPool(): RenderPool | null {
  if (pool !== undefined) return pool;
  const configured = getEnv().MAP_RENDER_THREADS;
  const size = configured ?? Math.min(8, os.availableParallelism());
  pool = size > 0 ? new RenderPool(size) : null;
  return pool;
}

/** Draws the features (in order) into a PNG of `options.width` × `options.height`. */
export async function renderPng(items: readonly DrawItem[], options: RenderOptions): Promise<Buffer> {
  const job = packJob(items, options);
  const threads = getPool();
  if (!threads) return Buffer.from(await renderJob(job));
  try {
    return await threads.run(job);
  } catch (error) {
    if (!(error instanceof WorkerLost)) throw error;
    // A worker that died (or cannot start) must not cost the image: draw it here instead.
    log.warn('render worker lost; drawing on the request thread', { error: error.message });
    if (threads.losses >= MAX_LOSSES) {
      log.error('render workers keep failing; drawing every image on the request thread from now on', {});
      pool = null;
    }
    return Buffer.from(await renderJob(packJob(items, options)));
  }
}
