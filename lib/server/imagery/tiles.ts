import 'server-only';
/**
 * Imagery tiles (issue 37.2): a scene's COG drawn into a Web Mercator tile on the imagery worker threads
 * (./worker.mjs), never on the request thread. Bounds: 256- or 512-pixel tiles, zoom 0–MAX_ZOOM, at most
 * MAX_WINDOW_PIXELS read from the chosen level per tile (a zoom too far out for the image's overviews is refused),
 * and per client at most IMAGERY_TILES_PER_CLIENT tiles in progress with as many waiting (the admission of
 * lib/server/api/heavy-work.ts, a gate of its own). A tile outside the image is transparent without touching the file.
 * The first tile of an asset establishes its raster facts (./describe.ts) and its stretch, kept in scene_imagery.
 */
import os from 'node:os';
import path from 'node:path';
import { ApiError } from '../api/errors';
import { HeavyWorkGate } from '../api/heavy-work';
import { OffThread } from '../compute/thread-pool';
import type { Queryable } from '../db/types';
import { getEnv } from '../env';
import { log } from '../log';
import { computeStretch, emptyTile, renderTile, type ImageryJob, type StretchResult, type TileResult } from './cog.mjs';
import { saveRaster, saveStretch, type ImageryAsset, type ImageryRaster, type ImageryStretch, resolveImageryHref } from '../scene-imagery';
import { describeCog } from './describe';
import type { BandStyle } from './styles';

export const TILE_SIZES = [256, 512] as const;
export const MAX_ZOOM = 20;
/** Most pixels one tile reads from the level it draws from (2048²: a 512-pixel tile four levels out of reach). */
export const MAX_WINDOW_PIXELS = 2048 * 2048;
const TILE_DEADLINE_MS = 30_000;
const MERCATOR_EXTENT = 20037508.342789244;
const R = 6378137;

const pool = new OffThread<ImageryJob, TileResult | StretchResult>(
  () => ({
    name: 'imagery',
    file: path.join(process.cwd(), 'lib/server/imagery/worker.mjs'),
    size: getEnv().MAP_RENDER_THREADS ?? Math.min(8, os.availableParallelism()),
  }),
  (job) => (job.kind === 'tile' ? renderTile(job) : computeStretch(job)),
);

const holder = globalThis as typeof globalThis & { __portalImageryGate?: HeavyWorkGate };

function gate(): HeavyWorkGate {
  const env = getEnv();
  const threads = env.MAP_RENDER_THREADS ?? Math.min(8, os.availableParallelism());
  holder.__portalImageryGate ??= new HeavyWorkGate({
    maxActive: Math.max(2, threads * 2),
    perClient: env.IMAGERY_TILES_PER_CLIENT,
    maxQueue: 256,
    maxWaitMs: 10_000,
  });
  return holder.__portalImageryGate;
}

/** Tests: a new gate (from the environment as it is then) and new threads. */
export async function resetImageryTiles(): Promise<void> {
  holder.__portalImageryGate = undefined;
  await pool.reset();
}

export class TileRefused extends Error {
  constructor(
    message: string,
    readonly retryAfter: number,
  ) {
    super(message);
  }
}

/** Runs `work` as one of `client`'s tiles in progress, or refuses it (TileRefused, retry after some seconds). */
export async function admitTile<T>(client: string, work: () => Promise<T>): Promise<T> {
  let release: () => void;
  try {
    release = await gate().enter(client);
  } catch (error) {
    if (error instanceof ApiError) throw new TileRefused('too many imagery tiles in progress', Number(error.headers['retry-after'] ?? 1));
    throw error;
  }
  try {
    return await work();
  } finally {
    release();
  }
}

/** The Web Mercator box of tile (z, x, y), metres. */
export function mercatorTile(z: number, x: number, y: number): [number, number, number, number] {
  const size = (2 * MERCATOR_EXTENT) / 2 ** z;
  const minx = -MERCATOR_EXTENT + x * size;
  const maxy = MERCATOR_EXTENT - y * size;
  return [minx, maxy - size, minx + size, maxy];
}

function lonLatToMercator(lon: number, lat: number): [number, number] {
  const clamped = Math.max(-85.0511287798066, Math.min(85.0511287798066, lat));
  return [(lon * Math.PI * R) / 180, R * Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360))];
}

const pending = new Map<string, Promise<{ raster: ImageryRaster; stretch: ImageryStretch }>>();

/**
 * The asset's raster facts and stretch, established on first use and kept (one computation however many tiles
 * ask at once). The file is resolved under the imagery root first: OutsideRoot otherwise.
 */
export async function preparedAsset(
  db: Queryable,
  asset: ImageryAsset,
): Promise<{ file: string; raster: ImageryRaster; stretch: ImageryStretch }> {
  const file = await resolveImageryHref(asset.href);
  if (asset.raster && asset.stretch) return { file, raster: asset.raster, stretch: asset.stretch };
  const key = `${asset.sceneId}\u0000${asset.key}`;
  let job = pending.get(key);
  if (!job) {
    job = (async () => {
      let raster = asset.raster;
      if (!raster) {
        raster = (await describeCog(file, asset.commonNames)).raster;
        await saveRaster(db, asset, raster);
      }
      let stretch = asset.stretch;
      if (!stretch) {
        const started = Date.now();
        const result = (await pool.run({ kind: 'stretch', path: file, nodata: raster.nodata }, TILE_DEADLINE_MS)) as StretchResult;
        stretch = { bands: result.bands };
        await saveStretch(db, asset, stretch);
        log.info('imagery stretch computed', { scene: asset.sceneId, asset: asset.key, ms: Date.now() - started });
      }
      return { raster, stretch };
    })().finally(() => pending.delete(key));
    pending.set(key, job);
  }
  return { file, ...(await job) };
}

export interface TileRequest {
  z: number;
  x: number;
  y: number;
  size: (typeof TILE_SIZES)[number];
  style: BandStyle;
}

export class ZoomTooFar extends Error {}

/** Draws a tile of a prepared asset. */
export async function imageryTile(
  prepared: { file: string; raster: ImageryRaster; stretch: ImageryStretch },
  request: TileRequest,
): Promise<TileResult> {
  const { raster, stretch, file } = prepared;
  const box = mercatorTile(request.z, request.x, request.y);
  const [w, s, e, n] = raster.lonLatBox;
  const [minx, miny] = lonLatToMercator(w, s);
  const [maxx, maxy] = lonLatToMercator(e, n);
  // Outside the image: transparent, without reading anything.
  if (box[2] <= minx || box[0] >= maxx || box[3] <= miny || box[1] >= maxy)
    return { png: await emptyTile(request.size), bytesRead: 0, level: -1, empty: true };
  const job: ImageryJob = {
    kind: 'tile',
    path: file,
    raster: {
      width: raster.width,
      height: raster.height,
      bands: raster.bands,
      transform: raster.transform,
      proj4: raster.proj4,
      nodata: raster.nodata,
    },
    bands: request.style.bands,
    stretch: request.style.bands.map((b) => stretch.bands[b] ?? [0, 255]),
    colourMap: request.style.bands.length === 1 ? request.style.colourMap : null,
    box,
    size: request.size,
    maxWindowPixels: MAX_WINDOW_PIXELS,
  };
  try {
    return (await pool.run(job, TILE_DEADLINE_MS)) as TileResult;
  } catch (error) {
    if (error instanceof Error && error.message.includes('exceeds the bound'))
      throw new ZoomTooFar(`zoom ${request.z} is too far out for this image's overviews; zoom in`);
    throw error;
  }
}
