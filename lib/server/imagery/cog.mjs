// @ts-check
/**
 * The pixel core of the satellite-image WMTS: reads a cloud-optimised GeoTIFF with geotiff.js (only the blocks a
 * tile needs, by positional reads counted here), warps them into a Web Mercator tile (nearest neighbour, each
 * output pixel centre taken exactly through proj4 into the image's CRS, as `gdalwarp -r near -et 0` does), applies
 * the band combination and the asset's stretch, and encodes the PNG with the map services' encoder. Plain
 * JavaScript typed by cog.d.mts, so the worker threads (worker.mjs, pooled by ./tiles.ts) load it without a build.
 */
import { open, stat } from 'node:fs/promises';
import { GeoTIFF } from 'geotiff';
import proj4 from 'proj4';
import { encodePng } from '../map/raster/renderer.mjs';

const R = 6378137;

/**
 * Positional reads of one file, counting the bytes read (the tests hold the tile service to reading less than the file).
 * @implements {Pick<import('geotiff').BaseSource, 'fetch' | 'close'>}
 */
class CountingFileSource {
  /** @param {import('node:fs/promises').FileHandle} handle @param {number} size */
  constructor(handle, size) {
    this.handle = handle;
    this.size = size;
    this.bytesRead = 0;
  }

  get fileSize() {
    return this.size;
  }

  /** @param {{ offset: number, length: number }[]} slices */
  async fetch(slices) {
    return Promise.all(
      slices.map(async ({ offset, length }) => {
        const n = Math.max(0, Math.min(length, this.size - offset));
        const buffer = new Uint8Array(n);
        if (n > 0) await this.handle.read(buffer, 0, n, offset);
        this.bytesRead += n;
        return buffer.buffer;
      }),
    );
  }

  async close() {
    await this.handle.close();
  }
}

/** @typedef {{ tiff: GeoTIFF, source: CountingFileSource, images: import('geotiff').GeoTIFFImage[], mtimeMs: number }} OpenCog */

/** Open files of this thread, by path (the header and directories are read once per file and version). */
const OPEN = new Map();
const MAX_OPEN = 16;

/**
 * The image and its overviews (largest first; mask directories left out), opened once per thread.
 * @param {string} path
 * @returns {Promise<OpenCog>}
 */
async function openCog(path) {
  const { mtimeMs, size } = await stat(path);
  const known = OPEN.get(path);
  if (known && known.mtimeMs === mtimeMs) {
    OPEN.delete(path);
    OPEN.set(path, known);
    return known;
  }
  if (known) {
    OPEN.delete(path);
    await known.source.close().catch(() => {});
  }
  const source = new CountingFileSource(await open(path, 'r'), size);
  // geotiff.js asks only fetch()/fileSize of a source.
  const tiff = await GeoTIFF.fromSource(/** @type {import('geotiff').BaseSource} */ (/** @type {unknown} */ (source)));
  const count = await tiff.getImageCount();
  /** @type {import('geotiff').GeoTIFFImage[]} */
  const images = [];
  for (let i = 0; i < count; i++) {
    const image = await tiff.getImage(i);
    const kind = Number(image.fileDirectory.getValue('NewSubfileType') ?? 0);
    if (kind & 4) continue; // a transparency mask
    images.push(image);
  }
  images.sort((a, b) => b.getWidth() - a.getWidth());
  /** @type {OpenCog} */
  const opened = { tiff, source, images, mtimeMs };
  OPEN.set(path, opened);
  for (const [oldPath, old] of OPEN) {
    if (OPEN.size <= MAX_OPEN) break;
    OPEN.delete(oldPath);
    void old.source.close().catch(() => {});
  }
  return opened;
}

/**
 * Colour ramps for a single band: 256 RGB entries each. `greys` is the band as it is; `viridis` (matplotlib's
 * perceptually uniform ramp, sampled at nine stops) and `rdylgn` (red–yellow–green, for indices) interpolate.
 */
const RAMPS = {
  greys: [
    [0, 0, 0],
    [255, 255, 255],
  ],
  viridis: [
    [68, 1, 84],
    [71, 44, 122],
    [59, 81, 139],
    [44, 113, 142],
    [33, 144, 141],
    [39, 173, 129],
    [92, 200, 99],
    [170, 220, 50],
    [253, 231, 37],
  ],
  rdylgn: [
    [165, 0, 38],
    [244, 109, 67],
    [254, 224, 139],
    [217, 239, 139],
    [102, 189, 99],
    [0, 104, 55],
  ],
};

/** @param {keyof typeof RAMPS} name @returns {Uint8Array} 256 × RGB */
function palette(name) {
  const stops = RAMPS[name];
  const out = new Uint8Array(256 * 3);
  for (let i = 0; i < 256; i++) {
    const at = (i / 255) * (stops.length - 1);
    const k = Math.min(stops.length - 2, Math.floor(at));
    const t = at - k;
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round(stops[k][c] * (1 - t) + stops[k + 1][c] * t);
  }
  return out;
}

export const COLOUR_MAPS = /** @type {(keyof typeof RAMPS)[]} */ (Object.keys(RAMPS));

/**
 * Stretches a value to 0–255 as `gdal_translate -scale lo hi 0 255 -ot Byte` does: linear, rounded, clamped.
 * @param {number} v @param {number} lo @param {number} hi
 */
export function stretchValue(v, lo, hi) {
  const s = hi > lo ? ((v - lo) * 255) / (hi - lo) : v >= hi ? 255 : 0;
  return s <= 0 ? 0 : s >= 255 ? 255 : Math.round(s);
}

/**
 * For each output pixel centre of a Web Mercator tile, its position in the image's pixel grid (full resolution).
 * @param {import('./cog.d.mts').TileJob} job
 * @returns {Float64Array} x0, y0, x1, y1, … (NaN where the point does not project)
 */
function sourcePositions(job) {
  const { box, size, raster } = job;
  const [minx, miny, maxx, maxy] = box;
  const [ox, dx, , oy, , dy] = raster.transform;
  const toImage = proj4('EPSG:4326', raster.proj4);
  const out = new Float64Array(size * size * 2);
  const px = (maxx - minx) / size;
  const py = (maxy - miny) / size;
  for (let row = 0; row < size; row++) {
    const my = maxy - (row + 0.5) * py;
    const lat = (2 * Math.atan(Math.exp(my / R)) - Math.PI / 2) * (180 / Math.PI);
    for (let col = 0; col < size; col++) {
      const lon = ((minx + (col + 0.5) * px) / R) * (180 / Math.PI);
      const i = (row * size + col) * 2;
      const p = toImage.forward([lon, lat]);
      out[i] = (p[0] - ox) / dx;
      out[i + 1] = (p[1] - oy) / dy;
    }
  }
  return out;
}

/**
 * The level to read: the coarsest whose pixels are no larger than the tile's (measured across the tile's middle
 * in full-resolution pixels), so a tile never shows coarser pixels than it asks for.
 * @param {Float64Array} positions @param {number} size @param {number[]} factors full width / level width, finest first
 */
function chooseLevel(positions, size, factors) {
  const mid = Math.floor(size / 2);
  const a = (mid * size + mid - 1) * 2;
  const b = (mid * size + mid) * 2;
  const step = Math.hypot(positions[b] - positions[a], positions[b + 1] - positions[a + 1]);
  let level = 0;
  for (let i = 1; i < factors.length; i++) if (factors[i] <= step * (1 + 1e-9)) level = i;
  return level;
}

/** @type {Map<number, Uint8Array>} */
const EMPTY = new Map();

/** A fully transparent tile. @param {number} size */
export async function emptyTile(size) {
  let png = EMPTY.get(size);
  if (!png) {
    png = new Uint8Array(await encodePng(new Uint8Array(size * size * 4), size, size, { blocking: true }));
    EMPTY.set(size, png);
  }
  return png.slice();
}

/**
 * Draws one tile. Pixels outside the image, and pixels whose selected bands all hold the nodata value, are transparent.
 * @param {import('./cog.d.mts').TileJob} job
 * @returns {Promise<import('./cog.d.mts').TileResult>}
 */
export async function renderTile(job) {
  const { size, raster, bands, stretch } = job;
  const cog = await openCog(job.path);
  const before = cog.source.bytesRead;
  const positions = sourcePositions(job);
  const factors = cog.images.map((image) => raster.width / image.getWidth());
  const level = chooseLevel(positions, size, factors);
  const image = cog.images[level];
  const w = image.getWidth();
  const h = image.getHeight();
  const fx = w / raster.width;
  const fy = h / raster.height;
  // Pixel of the level under each output pixel, or -1 outside it; and the window holding them all.
  const index = new Int32Array(size * size).fill(-1);
  let c0 = Infinity;
  let r0 = Infinity;
  let c1 = -Infinity;
  let r1 = -Infinity;
  for (let i = 0; i < size * size; i++) {
    const x = positions[i * 2] * fx;
    const y = positions[i * 2 + 1] * fy;
    if (!(x >= 0 && x < w && y >= 0 && y < h)) continue;
    const c = Math.floor(x);
    const r = Math.floor(y);
    index[i] = r * w + c;
    if (c < c0) c0 = c;
    if (c > c1) c1 = c;
    if (r < r0) r0 = r;
    if (r > r1) r1 = r;
  }
  if (c1 < c0) return { png: await emptyTile(size), bytesRead: 0, level, empty: true };
  const ww = c1 - c0 + 1;
  const wh = r1 - r0 + 1;
  if (ww * wh > job.maxWindowPixels) throw new Error(`window of ${ww} × ${wh} pixels exceeds the bound`);
  const data = /** @type {import('geotiff').TypedArray[]} */ (
    /** @type {unknown} */ (await image.readRasters({ window: [c0, r0, c1 + 1, r1 + 1], samples: bands, interleave: false }))
  );
  const rgba = new Uint8Array(size * size * 4);
  const ramp = bands.length === 1 ? palette(job.colourMap ?? 'greys') : null;
  const nodata = raster.nodata;
  for (let i = 0; i < size * size; i++) {
    const at = index[i];
    if (at < 0) continue;
    const k = (Math.floor(at / w) - r0) * ww + ((at % w) - c0);
    let allNodata = nodata !== null;
    for (let b = 0; b < bands.length && allNodata; b++) allNodata = data[b][k] === nodata;
    if (allNodata) continue;
    const o = i * 4;
    if (ramp) {
      const v = stretchValue(data[0][k], stretch[0][0], stretch[0][1]) * 3;
      rgba[o] = ramp[v];
      rgba[o + 1] = ramp[v + 1];
      rgba[o + 2] = ramp[v + 2];
    } else
      for (let b = 0; b < 3; b++) {
        const [lo, hi] = stretch[b];
        rgba[o + b] = stretchValue(data[b][k], lo, hi);
      }
    rgba[o + 3] = 255;
  }
  const png = new Uint8Array(await encodePng(rgba, size, size, { blocking: true }));
  return { png, bytesRead: cog.source.bytesRead - before, level, empty: false };
}

/**
 * The 2nd and 98th percentile of every band (nodata left out), from the coarsest level with at least 256 pixels
 * on its shorter side (the whole image when it is smaller): computed once per asset and kept by the caller.
 * @param {import('./cog.d.mts').StretchJob} job
 * @returns {Promise<import('./cog.d.mts').StretchResult>}
 */
export async function computeStretch(job) {
  const cog = await openCog(job.path);
  let image = cog.images[0];
  for (const candidate of cog.images) if (Math.min(candidate.getWidth(), candidate.getHeight()) >= 256) image = candidate;
  const data = /** @type {import('geotiff').TypedArray[]} */ (/** @type {unknown} */ (await image.readRasters({ interleave: false })));
  const bands = data.map((values) => {
    const kept = job.nodata === null ? Float64Array.from(values) : Float64Array.from(values).filter((v) => v !== job.nodata);
    if (kept.length === 0) return /** @type {[number, number]} */ ([0, 1]);
    kept.sort();
    const at = (/** @type {number} */ p) => kept[Math.min(kept.length - 1, Math.max(0, Math.round((p / 100) * (kept.length - 1))))];
    return /** @type {[number, number]} */ ([at(2), at(98)]);
  });
  return { bands, width: image.getWidth(), height: image.getHeight() };
}

/**
 * The facts a tile needs that the file states: size, bands, tiling, levels, transform and nodata (the CRS comes
 * from GDAL at registration, lib/server/imagery/gdal.ts).
 * @param {string} path
 * @returns {Promise<import('./cog.d.mts').CogFacts>}
 */
export async function cogFacts(path) {
  const cog = await openCog(path);
  const image = cog.images[0];
  const [ox, oy] = image.getOrigin();
  const [rx, ry] = image.getResolution();
  const nodata = image.getGDALNoData();
  return {
    width: image.getWidth(),
    height: image.getHeight(),
    bands: image.getSamplesPerPixel(),
    tiled: image.isTiled,
    blockWidth: image.getTileWidth(),
    blockHeight: image.getTileHeight(),
    levels: cog.images.map((i) => [i.getWidth(), i.getHeight()]),
    transform: [ox, rx, 0, oy, 0, ry],
    nodata: nodata === null || Number.isNaN(nodata) ? null : nodata,
    bitsPerSample: Number(image.getBitsPerSample(0)),
  };
}
