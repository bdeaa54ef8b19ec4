// @ts-check
/**
 * The raster core of the map services: WKB geometries → pixels (@napi-rs/canvas, Skia prebuilt from
 * npm) → PNG. Plain JavaScript, typed by renderer.d.mts, so that the render worker threads
 * (worker.mjs, pooled by ../render.ts) load it as it is, without a build step.
 *
 * Measured on a z6 tile of 268 counties (2-core machine): drawing is a few milliseconds of Skia
 * rasterisation that no amount of JS tuning removes, so tiles are drawn on worker threads in parallel.
 */
import { createCanvas, Path2D } from '@napi-rs/canvas';
import { promisify } from 'node:util';
import { constants, deflate, deflateSync } from 'node:zlib';

const deflateAsync = promisify(deflate);

const R = 6378137;
export const MAX_MERCATOR_LAT = 85.0511287798066;

// ── WKB ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * Reads (extended) well-known binary into flat rings of [x0, y0, x1, y1, …], so drawing needs no
 * per-point objects. Polygons are lists of rings (outer first), lines single rings, points one pair.
 * @param {Uint8Array} bytes
 * @returns {import('./renderer.d.mts').ParsedGeometry}
 */
export function parseWkb(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  /** @type {import('./renderer.d.mts').ParsedGeometry} */
  const out = { polygons: [], lines: [], points: [] };
  let offset = 0;

  /** @param {boolean} little @param {number} dims */
  const readRing = (little, dims) => {
    const count = view.getUint32(offset, little);
    offset += 4;
    const ring = new Float64Array(count * 2);
    for (let i = 0; i < count; i++) {
      ring[i * 2] = view.getFloat64(offset, little);
      ring[i * 2 + 1] = view.getFloat64(offset + 8, little);
      offset += 8 * dims;
    }
    return ring;
  };

  const readGeometry = () => {
    const little = view.getUint8(offset) === 1;
    let type = view.getUint32(offset + 1, little);
    offset += 5;
    let dims = 2;
    if (type & 0x20000000) offset += 4; // EWKB SRID
    if (type & 0x80000000) dims++;
    if (type & 0x40000000) dims++;
    type &= 0x0fffffff;
    if (type >= 3000) {
      dims = 4;
      type -= 3000;
    } else if (type >= 1000) {
      dims = 3;
      type = type >= 2000 ? type - 2000 : type - 1000;
    }
    switch (type) {
      case 1: {
        const point = new Float64Array([view.getFloat64(offset, little), view.getFloat64(offset + 8, little)]);
        offset += 8 * dims;
        if (!Number.isNaN(point[0])) out.points.push(point);
        return;
      }
      case 2:
        out.lines.push(readRing(little, dims));
        return;
      case 3: {
        const rings = view.getUint32(offset, little);
        offset += 4;
        /** @type {Float64Array[]} */
        const polygon = [];
        for (let r = 0; r < rings; r++) polygon.push(readRing(little, dims));
        if (polygon.length) out.polygons.push(polygon);
        return;
      }
      case 4:
      case 5:
      case 6:
      case 7: {
        const parts = view.getUint32(offset, little);
        offset += 4;
        for (let p = 0; p < parts; p++) readGeometry();
        return;
      }
      default:
        throw new Error(`Unsupported WKB geometry type ${type}`);
    }
  };

  if (bytes.byteLength > 0) readGeometry();
  return out;
}

// ── Projection ───────────────────────────────────────────────────────────────────────────────────

/**
 * Maps lon/lat to pixel coordinates of an image covering `box` (EPSG:4326 or Web Mercator), one axis at a time:
 * in both CRSs x depends on the longitude only and y on the latitude only, so a vertex needs no [x, y] pair.
 * @param {import('./renderer.d.mts').PixelBox} box
 * @param {number} width
 * @param {number} height
 * @returns {{ x: (lon: number) => number, y: (lat: number) => number }}
 */
export function axisProjector(box, width, height) {
  const [minx, miny, maxx, maxy] = box.native;
  const sx = width / (maxx - minx);
  const sy = height / (maxy - miny);
  if (box.crs === 'EPSG:4326') return { x: (lon) => (lon - minx) * sx, y: (lat) => (maxy - lat) * sy };
  const k = (Math.PI * R) / 180;
  const rad = Math.PI / 360;
  return {
    x: (lon) => (lon * k - minx) * sx,
    y: (lat) => {
      const clamped = lat > MAX_MERCATOR_LAT ? MAX_MERCATOR_LAT : lat < -MAX_MERCATOR_LAT ? -MAX_MERCATOR_LAT : lat;
      return (maxy - R * Math.log(Math.tan(Math.PI / 4 + clamped * rad))) * sy;
    },
  };
}

/**
 * Maps lon/lat to pixel coordinates of an image covering `box` (EPSG:4326 or Web Mercator).
 * @param {import('./renderer.d.mts').PixelBox} box
 * @param {number} width
 * @param {number} height
 * @returns {(lon: number, lat: number) => [number, number]}
 */
export function pixelProjector(box, width, height) {
  const { x, y } = axisProjector(box, width, height);
  return (lon, lat) => [x(lon), y(lat)];
}

// ── Coverage (density) ───────────────────────────────────────────────────────────────────────────

/**
 * Cell indices of native coordinates on a coverage grid (../coverage.ts): columns from longitude −180°,
 * rows northwards from the equator, in latitude (EPSG:4326) or Web Mercator y (EPSG:3857), `cell`
 * degrees (of longitude; for Mercator, the same length along y) per cell.
 * @param {import('./renderer.d.mts').PixelBox} box
 * @param {number} cell
 */
export function coverageRows(box, cell) {
  const k = box.crs === 'EPSG:4326' ? 1 : (Math.PI * R) / 180;
  return {
    /** @param {number} x */
    column: (x) => (x / k + 180) / cell,
    /** @param {number} y */
    row: (y) => y / k / cell,
  };
}

/**
 * Shades each pixel by the count of the cell its centre falls in, as `count` features of the style's
 * opacity drawn over each other would (1 − (1 − opacity)^count), then lays the shading over the image.
 * @param {import('@napi-rs/canvas').SKRSContext2D} ctx
 * @param {import('./renderer.d.mts').CoverageGrid} grid
 * @param {import('./renderer.d.mts').PixelBox} box
 * @param {number} width
 * @param {number} height
 */
function paintCoverage(ctx, grid, box, width, height) {
  const { style, cell, i0, j0, cols, rows, counts } = grid;
  const { column, row } = coverageRows(box, cell);
  const [minx, miny, maxx, maxy] = box.native;
  const columnOf = new Int32Array(width);
  for (let p = 0; p < width; p++) columnOf[p] = Math.floor(column(minx + ((p + 0.5) * (maxx - minx)) / width)) - i0;
  /** @type {number[]} alpha (0–255) by count, grown on demand */
  const alphaOf = [0];
  const alpha = (/** @type {number} */ n) => {
    while (alphaOf.length <= n) alphaOf.push(Math.round(255 * (1 - (1 - style.opacity) ** alphaOf.length)));
    return alphaOf[n];
  };
  const image = ctx.createImageData(width, height);
  const data = image.data;
  const [r, g, b] = style.rgb;
  let painted = false;
  for (let q = 0; q < height; q++) {
    const j = Math.floor(row(maxy - ((q + 0.5) * (maxy - miny)) / height)) - j0;
    if (j < 0 || j >= rows) continue;
    for (let p = 0; p < width; p++) {
      const i = columnOf[p];
      const n = i >= 0 && i < cols ? counts[j * cols + i] : 0;
      if (n <= 0) continue;
      const o = (q * width + p) * 4;
      data[o] = r;
      data[o + 1] = g;
      data[o + 2] = b;
      data[o + 3] = alpha(n);
      painted = true;
    }
  }
  if (!painted) return;
  // putImageData would replace what lies beneath; drawing a canvas of the shading composites it.
  const layer = createCanvas(width, height);
  layer.getContext('2d').putImageData(image, 0, 0);
  ctx.drawImage(layer, 0, 0);
}

// ── Drawing ──────────────────────────────────────────────────────────────────────────────────────

const MIN_STEP_SQ = (1 / 3) ** 2;

/** Pixel coordinates to a tenth of a pixel, as SVG path numbers (Skia antialiases below that anyway). */
const num = (/** @type {number} */ v) => Math.round(v * 10) / 10;

/** Scratch buffer for one projected ring (grown on demand). */
let scratch = new Float64Array(4096);

/**
 * A ring (or line) as SVG path data in pixels, vertices closer than a third of a pixel skipped. One
 * Path2D per group instead of one native call per vertex: moveTo/lineTo through N-API cost more than
 * drawing. `winding` +1 / −1 forces the ring's orientation on screen (outer rings one way, holes the
 * other) so a group of polygons fills as one path with the nonzero rule; 0 keeps the order (lines).
 * @param {Float64Array} ring
 * @param {{ x: (lon: number) => number, y: (lat: number) => number }} project
 * @param {boolean} close
 * @param {1 | -1 | 0} winding
 */
function traceRing(ring, project, close, winding) {
  const n = ring.length / 2;
  if (n < (close ? 3 : 2)) return '';
  if (scratch.length < ring.length) scratch = new Float64Array(ring.length * 2);
  const xy = scratch;
  const { x: projectX, y: projectY } = project;
  let px = projectX(ring[0]);
  let py = projectY(ring[1]);
  xy[0] = px;
  xy[1] = py;
  let m = 1;
  let area2 = 0;
  for (let i = 1; i < n; i++) {
    const x = projectX(ring[i * 2]);
    const y = projectY(ring[i * 2 + 1]);
    const dx = x - px;
    const dy = y - py;
    if (dx * dx + dy * dy < MIN_STEP_SQ && i < n - 1) continue;
    area2 += px * y - x * py;
    xy[m * 2] = x;
    xy[m * 2 + 1] = y;
    m++;
    px = x;
    py = y;
  }
  if (close && m < 3) return '';
  const reverse = winding !== 0 && Math.sign(area2) === -winding;
  let d = '';
  for (let k = 0; k < m; k++) {
    const j = reverse ? m - 1 - k : k;
    d += `${k === 0 ? 'M' : 'L'}${num(xy[j * 2])} ${num(xy[j * 2 + 1])}`;
  }
  return close ? `${d}Z` : d;
}

/**
 * Draws one group of features that share a style: polygons as one path (shared borders stroked once,
 * overlapping features filled as their union), then lines, then points. (Densities, where overlaps must
 * add up, are counted per cell instead: paintCoverage.)
 * @param {import('@napi-rs/canvas').SKRSContext2D} ctx
 * @param {import('./renderer.d.mts').PaintStyle} style
 * @param {import('./renderer.d.mts').ParsedGeometry[]} geometries
 * @param {{ x: (lon: number) => number, y: (lat: number) => number }} project
 */
function paintGroup(ctx, style, geometries, project) {
  let polygons = '';
  let lines = '';
  for (const g of geometries) {
    for (const polygon of g.polygons) polygon.forEach((ring, i) => (polygons += traceRing(ring, project, true, i === 0 ? 1 : -1)));
    if (style.stroke) for (const line of g.lines) lines += traceRing(line, project, false, 0);
  }
  const stroke = () => {
    ctx.strokeStyle = /** @type {string} */ (style.stroke);
    ctx.lineWidth = style.lineWidth ?? 1;
    ctx.setLineDash(style.dash ? [...style.dash] : []);
  };
  if (polygons) {
    const path = new Path2D(polygons);
    if (style.fill) {
      ctx.fillStyle = style.fill;
      ctx.fill(path, 'nonzero');
    }
    if (style.stroke) {
      stroke();
      ctx.stroke(path);
    }
  }
  if (lines && style.stroke) {
    stroke();
    ctx.stroke(new Path2D(lines));
  }
  for (const g of geometries)
    for (const point of g.points) {
      ctx.beginPath();
      ctx.arc(project.x(point[0]), project.y(point[1]), style.radius ?? 4, 0, Math.PI * 2);
      if (style.fill) {
        ctx.fillStyle = style.fill;
        ctx.fill();
      }
      if (style.stroke) {
        stroke();
        ctx.stroke();
      }
    }
}

// ── PNG ──────────────────────────────────────────────────────────────────────────────────────────

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** @param {Uint8Array[]} buffers */
function crc32(buffers) {
  let crc = 0xffffffff;
  for (const buf of buffers) for (let i = 0; i < buf.length; i++) crc = CRC_TABLE[(crc ^ buf[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** @param {string} type @param {Uint8Array} data */
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32([head.subarray(4), data]), 0);
  return Buffer.concat([head, data, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const HIGH_BITS = 0x80808080;
const LOW_BITS = 0x7f7f7f7f;

/**
 * Scanlines with the "up" filter (each row as its difference to the one above; suits flat map colours).
 * A row equal to the one above stays zero (most rows of a sparse tile: one memcmp); the others are
 * subtracted four bytes at a time, each byte modulo 256 without borrowing from its neighbour (SWAR:
 * the high bits are set on the left and cleared on the right so no borrow crosses a byte, then put
 * back). Three to four times faster than a byte loop on 256 × 256 tiles (measured).
 * @param {Uint8Array | Uint8ClampedArray} rgba @param {number} width @param {number} height
 */
export function filterRows(rgba, width, height) {
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  const bytes = new Uint8Array(rgba.buffer, rgba.byteOffset, stride * height);
  const words = rgba.byteOffset % 4 === 0 ? new Uint32Array(rgba.buffer, rgba.byteOffset, width * height) : null;
  const diff = new Uint32Array(width);
  const diffBytes = new Uint8Array(diff.buffer);
  for (let y = 0; y < height; y++) {
    const out = y * (stride + 1);
    const row = y * stride;
    if (y === 0) {
      raw.set(bytes.subarray(row, row + stride), out + 1); // filter byte 0: none
      continue;
    }
    raw[out] = 2;
    const prev = row - stride;
    if (Buffer.compare(bytes.subarray(row, row + stride), bytes.subarray(prev, row)) === 0) continue;
    if (words) {
      const w = row >> 2;
      const pw = prev >> 2;
      for (let x = 0; x < width; x++) {
        const a = words[w + x];
        const b = words[pw + x];
        diff[x] = ((a | HIGH_BITS) - (b & LOW_BITS)) ^ ((a ^ ~b) & HIGH_BITS);
      }
      raw.set(diffBytes, out + 1);
    } else for (let x = 0; x < stride; x++) raw[out + 1 + x] = (bytes[row + x] - bytes[prev + x]) & 0xff;
  }
  return raw;
}

const DEFLATE_OPTIONS = { level: 3, strategy: constants.Z_RLE };

/**
 * Encodes non-premultiplied RGBA pixels (as canvas `getImageData` returns them) as an 8-bit RGBA PNG.
 * Skia's own encoder spends most of a tile's time on maximum compression; run-length deflate is
 * twice as fast as level 3 on map tiles for ~4% more bytes (measured). `blocking`: deflate on this
 * thread — right on a render worker, where the hop to libuv's pool costs more than it saves (0.2 ms
 * vs 0.4 ms on a sparse tile); on the request thread the pool keeps the event loop free.
 * @param {Uint8Array | Uint8ClampedArray} rgba @param {number} width @param {number} height
 * @param {{ blocking?: boolean }} [options]
 * @returns {Promise<Buffer>}
 */
export async function encodePng(rgba, width, height, { blocking = false } = {}) {
  const rows = filterRows(rgba, width, height);
  const idat = blocking ? deflateSync(rows, DEFLATE_OPTIONS) : await deflateAsync(rows, DEFLATE_OPTIONS);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))]);
}

// ── A render job ─────────────────────────────────────────────────────────────────────────────────

/** Side of the cells regroup() tracks what has been drawn in, pixels. */
const CELL = 16;

/** A style as a key: features of equal keys look the same. */
const styleKey = (/** @type {import('./renderer.d.mts').PaintStyle} */ st) =>
  `${st.fill ?? ''}|${st.stroke ?? ''}|${st.lineWidth ?? ''}|${st.radius ?? ''}|${st.dash ? st.dash.join(',') : ''}`;

/**
 * The features in draw order, gathered into as few same-styled groups as the picture allows: a feature joins the
 * last group of its style when nothing drawn after that group reaches the cells its pixels (with its stroke) fall
 * in, so no feature ever moves past one it overlaps and the picture keeps its order. A dense tile of small spots in
 * interleaved styles (a verification layer at zoom 10: 2,500 features, 2,300 runs) becomes a few hundred groups,
 * each one Skia path instead of one per feature. A density grid is drawn where it stands and nothing moves past it.
 * @param {import('./renderer.d.mts').RenderJob['groups']} groups
 * @param {Uint8Array} wkb
 * @param {Uint32Array} offsets
 * @param {{ x: (lon: number) => number, y: (lat: number) => number }} project
 * @param {number} width
 * @param {number} height
 * @param {Uint8Array} [skip] features (by index) drawn otherwise, marked 1 (deferSpecks)
 * @returns {({ coverage: import('./renderer.d.mts').CoverageGrid } | { style: import('./renderer.d.mts').PaintStyle, geometries: import('./renderer.d.mts').ParsedGeometry[] })[]}
 */
export function regroup(groups, wkb, offsets, project, width, height, skip) {
  /** @type {ReturnType<typeof regroup>} */
  const out = [];
  const cols = Math.max(1, Math.ceil(width / CELL));
  const rows = Math.max(1, Math.ceil(height / CELL));
  // The last group (index in `out`) drawn into each cell.
  const last = new Int32Array(cols * rows).fill(-1);
  /** @type {Map<string, number>} */
  const lastOfStyle = new Map();
  let item = 0;
  for (const group of groups) {
    if ('coverage' in group) {
      out.push({ coverage: group.coverage });
      last.fill(out.length - 1);
      lastOfStyle.clear();
      continue;
    }
    const key = styleKey(group.style);
    // Strokes and point markers reach past the geometry; antialiasing a pixel more.
    const pad = (group.style.lineWidth ?? 1) / 2 + (group.style.radius ?? 0) + 1;
    for (let i = 0; i < group.count; i++, item++) {
      if (skip?.[item]) continue;
      const g = parseWkb(wkb.subarray(offsets[item], offsets[item + 1]));
      // The box in degrees, then its two corners in pixels (both projections are monotonic in each axis).
      let west = Infinity;
      let south = Infinity;
      let east = -Infinity;
      let north = -Infinity;
      const see = (/** @type {Float64Array | number[]} */ xy) => {
        for (let k = 0; k < xy.length; k += 2) {
          const lon = xy[k];
          const lat = xy[k + 1];
          if (lon < west) west = lon;
          if (lon > east) east = lon;
          if (lat < south) south = lat;
          if (lat > north) north = lat;
        }
      };
      for (const polygon of g.polygons) if (polygon[0]) see(polygon[0]);
      for (const line of g.lines) see(line);
      for (const point of g.points) see(point);
      const minx = project.x(west);
      const miny = project.y(north);
      const maxx = project.x(east);
      const maxy = project.y(south);
      const c0 = Math.max(0, Math.floor((minx - pad) / CELL));
      const c1 = Math.min(cols - 1, Math.floor((maxx + pad) / CELL));
      const r0 = Math.max(0, Math.floor((miny - pad) / CELL));
      const r1 = Math.min(rows - 1, Math.floor((maxy + pad) / CELL));
      let latest = -1;
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) latest = Math.max(latest, last[r * cols + c]);
      const candidate = lastOfStyle.get(key);
      let at;
      if (candidate !== undefined && candidate >= latest) {
        at = candidate;
        /** @type {{ geometries: import('./renderer.d.mts').ParsedGeometry[] }} */ (out[at]).geometries.push(g);
      } else {
        out.push({ style: group.style, geometries: [g] });
        at = out.length - 1;
        lastOfStyle.set(key, at);
      }
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) if (last[r * cols + c] < at) last[r * cols + c] = at;
    }
  }
  return out;
}

// ── Specks: polygons of a pixel or two ───────────────────────────────────────────────────────────

/** Largest side (pixels) of a polygon drawn as a speck. */
const SPECK_PX = 2;
/** Side of the cells deferSpecks tracks what the canvas draws in, pixels (finer than regroup's: a speck is tiny). */
const SPECK_CELL = 4;
/** Sub-rows a pixel's coverage by a speck is measured along (as Skia's supersampling: 4). */
const SPECK_ROWS = 4;

/**
 * How a style draws a polygon of a pixel or two, or null when it cannot be drawn as a speck: its outline is an
 * opaque colour (#rgb or #rrggbb) of positive width, which then covers the polygon's fill (below).
 * @param {import('./renderer.d.mts').PaintStyle} style
 * @returns {{ rgb: [number, number, number], width: number, dash: number } | null}
 */
function speckPaint(style) {
  const width = style.lineWidth ?? 1;
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(style.stroke ?? '')?.[1];
  if (!hex || !(width > 0)) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const rgb = /** @type {[number, number, number]} */ ([0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)));
  // A dash pattern leaves an outline no longer than its first dash whole (setLineDash ignores a list with a
  // negative or non-finite value, and one of zeros).
  const dash = style.dash ?? [];
  const dashed = dash.length > 0 && dash.every((v) => Number.isFinite(v) && v >= 0) && dash.some((v) => v > 0);
  return { rgb, width, dash: dashed ? dash[0] : Infinity };
}

/** What scanGeometry found: the box of the geometry's coordinates (degrees) and whether it holds polygons only. */
const scan = { west: 0, south: 0, east: 0, north: 0, polygonsOnly: true };

/**
 * Reads the box of a geometry (WKB) into `scan` without building it; false when it has no coordinates.
 * @param {Uint8Array} bytes
 */
function scanGeometry(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  scan.west = scan.south = Infinity;
  scan.east = scan.north = -Infinity;
  scan.polygonsOnly = true;
  let offset = 0;
  /** @param {boolean} little @param {number} dims */
  const see = (little, dims) => {
    const lon = view.getFloat64(offset, little);
    const lat = view.getFloat64(offset + 8, little);
    offset += 8 * dims;
    if (lon < scan.west) scan.west = lon;
    if (lon > scan.east) scan.east = lon;
    if (lat < scan.south) scan.south = lat;
    if (lat > scan.north) scan.north = lat;
  };
  const geometry = () => {
    const little = view.getUint8(offset) === 1;
    let type = view.getUint32(offset + 1, little);
    offset += 5;
    let dims = 2;
    if (type & 0x20000000) offset += 4;
    if (type & 0x80000000) dims++;
    if (type & 0x40000000) dims++;
    type &= 0x0fffffff;
    if (type >= 3000) {
      dims = 4;
      type -= 3000;
    } else if (type >= 1000) {
      dims = 3;
      type = type >= 2000 ? type - 2000 : type - 1000;
    }
    if (type !== 3 && type !== 6) scan.polygonsOnly = false;
    if (type === 1) return see(little, dims); // an empty point's NaN changes no bound
    const parts = view.getUint32(offset, little);
    offset += 4;
    if (type === 2) for (let i = 0; i < parts; i++) see(little, dims);
    else if (type === 3)
      for (let r = 0; r < parts; r++) {
        const count = view.getUint32(offset, little);
        offset += 4;
        for (let i = 0; i < count; i++) see(little, dims);
      }
    else if (type >= 4 && type <= 7) for (let p = 0; p < parts; p++) geometry();
    else throw new Error(`Unsupported WKB geometry type ${type}`);
  };
  if (bytes.byteLength > 0) geometry();
  return scan.west <= scan.east;
}

/**
 * The length in pixels of all the rings of a geometry of polygons (WKB).
 * @param {Uint8Array} bytes
 * @param {{ x: (lon: number) => number, y: (lat: number) => number }} project
 */
function outlineLength(bytes, project) {
  let length = 0;
  for (const polygon of parseWkb(bytes).polygons)
    for (const ring of polygon)
      for (let i = 2; i < ring.length; i += 2)
        length += Math.hypot(project.x(ring[i]) - project.x(ring[i - 2]), project.y(ring[i + 1]) - project.y(ring[i - 1]));
  return length;
}

/**
 * Lays a speck over non-premultiplied RGBA pixels: the box [x0, x1] × [y0, y1] widened by r with corners rounded
 * to r, in an opaque colour, each pixel as much as the shape covers it — measured as the canvas (Skia's
 * supersampling scan converter) measures it: along SPECK_ROWS sub-rows through the pixel, each the exact share of
 * the pixel's width the shape spans at that height.
 * @param {Uint8ClampedArray} data @param {number} width @param {number} height
 * @param {number} x0 @param {number} y0 @param {number} x1 @param {number} y1 @param {number} r
 * @param {readonly [number, number, number]} rgb
 */
export function paintSpeck(data, width, height, x0, y0, x1, y1, r, rgb) {
  const left = x0 - r;
  const right = x1 + r;
  const top = y0 - r;
  const bottom = y1 + r;
  const c0 = Math.max(0, Math.floor(left));
  const c1 = Math.min(width - 1, Math.ceil(right) - 1);
  const r0 = Math.max(0, Math.floor(top));
  const r1 = Math.min(height - 1, Math.ceil(bottom) - 1);
  if (c0 > c1 || r0 > r1) return;
  const columns = c1 - c0 + 1;
  if (speckCover.length < columns) speckCover = new Float64Array(columns * 2);
  const cover = speckCover;
  for (let j = r0; j <= r1; j++) {
    cover.fill(0, 0, columns);
    for (let k = 0; k < SPECK_ROWS; k++) {
      const y = j + (k + 0.5) / SPECK_ROWS;
      if (y < top || y > bottom) continue;
      // How far the rounded corners cut into the shape's sides at this height.
      const edge = Math.min(y - top, bottom - y);
      const cut = edge < r ? r - Math.sqrt(r * r - (r - edge) * (r - edge)) : 0;
      const l = left + cut;
      const h = right - cut;
      const from = Math.max(c0, Math.floor(l));
      const to = Math.min(c1, Math.ceil(h) - 1);
      for (let c = from; c <= to; c++) cover[c - c0] += (Math.min(c + 1, h) - Math.max(c, l)) / SPECK_ROWS;
    }
    for (let c = c0; c <= c1; c++) {
      const alpha = Math.round(Math.min(1, cover[c - c0]) * 255) / 255;
      if (alpha <= 0) continue;
      const o = (j * width + c) * 4;
      const below = (data[o + 3] / 255) * (1 - alpha);
      const out = alpha + below;
      data[o] = (rgb[0] * alpha + data[o] * below) / out;
      data[o + 1] = (rgb[1] * alpha + data[o + 1] * below) / out;
      data[o + 2] = (rgb[2] * alpha + data[o + 2] * below) / out;
      data[o + 3] = out * 255;
    }
  }
}

/** Coverage of the pixels of the row paintSpeck is painting (grown on demand). */
let speckCover = new Float64Array(64);

/**
 * The specks of a job that can be laid over the pixels after everything else is drawn, one at a time (a canvas path
 * per group of them costs more to fill than the pixels they touch): every speck — polygons within a box of at most
 * SPECK_PX pixels a side, the narrower side no wider than the outline, and no longer all round than the first dash
 * — that nothing the canvas draws after it reaches (by cells of SPECK_CELL pixels), as [x0, y0, x1, y1, r] and a colour
 * each, in draw order; `skip` marks them for regroup. A speck's outline covers the whole polygon (no point inside is
 * farther than half the narrower side from the box's edge, so from the polygon's), hiding its fill, and stays one
 * solid dash: what the canvas paints is the polygon widened by half the outline's width, for a speck its box with
 * rounded corners. A layer drawn largest first (the verification cases) ends with its smallest features: at zoom 10
 * nearly all of them.
 * @param {Pick<import('./renderer.d.mts').RenderJob, 'groups' | 'wkb' | 'offsets'>} job
 * @param {{ x: (lon: number) => number, y: (lat: number) => number }} project
 * @param {number} width
 * @param {number} height
 */
export function deferSpecks(job, project, width, height) {
  const { groups, wkb, offsets } = job;
  const skip = new Uint8Array(offsets.length - 1);
  const cols = Math.max(1, Math.ceil(width / SPECK_CELL));
  const rows = Math.max(1, Math.ceil(height / SPECK_CELL));
  // Cells something the canvas draws later reaches.
  const later = new Uint8Array(cols * rows);
  /** @type {number[]} */
  const boxes = [];
  /** @type {(readonly [number, number, number])[]} */
  const colours = [];
  let item = offsets.length - 1;
  for (let g = groups.length - 1; g >= 0; g--) {
    const group = groups[g];
    if ('coverage' in group) {
      later.fill(1);
      continue;
    }
    const paint = speckPaint(group.style);
    // As regroup: strokes and point markers reach past the geometry; antialiasing a pixel more.
    const pad = (group.style.lineWidth ?? 1) / 2 + (group.style.radius ?? 0) + 1;
    for (let k = 0; k < group.count; k++) {
      item--;
      const bytes = wkb.subarray(offsets[item], offsets[item + 1]);
      if (!scanGeometry(bytes)) continue;
      const minx = project.x(scan.west);
      const maxx = project.x(scan.east);
      const miny = project.y(scan.north);
      const maxy = project.y(scan.south);
      const c0 = Math.max(0, Math.floor((minx - pad) / SPECK_CELL));
      const c1 = Math.min(cols - 1, Math.floor((maxx + pad) / SPECK_CELL));
      const r0 = Math.max(0, Math.floor((miny - pad) / SPECK_CELL));
      const r1 = Math.min(rows - 1, Math.floor((maxy + pad) / SPECK_CELL));
      const w = maxx - minx;
      const h = maxy - miny;
      let speck =
        paint !== null &&
        scan.polygonsOnly &&
        Math.max(w, h) <= SPECK_PX &&
        Math.min(w, h) <= paint.width &&
        (paint.dash === Infinity || outlineLength(bytes, project) <= paint.dash);
      for (let r = r0; speck && r <= r1; r++) for (let c = c0; c <= c1; c++) if (later[r * cols + c]) speck = false;
      if (speck && paint) {
        skip[item] = 1;
        boxes.push(minx, miny, maxx, maxy, paint.width / 2);
        colours.push(paint.rgb);
        continue;
      }
      if (c0 <= c1) for (let r = r0; r <= r1; r++) later.fill(1, r * cols + c0, r * cols + c1 + 1);
    }
  }
  // Read from the last backwards: put them in draw order.
  const ordered = new Float64Array(boxes.length);
  for (let i = 0; i < boxes.length; i += 5) for (let j = 0; j < 5; j++) ordered[boxes.length - 5 - i + j] = boxes[i + j];
  return { skip, specks: { boxes: ordered, colours: colours.reverse() } };
}

/** The canvas of the last image drawn (a thread draws one image at a time: nothing awaits until its pixels are read). */
let kept = /** @type {import('@napi-rs/canvas').Canvas | null} */ (null);

/**
 * A cleared 2D context of `width` × `height`: the last one, wiped, when the size is the same (most tiles are
 * 256 × 256; making a canvas costs more than clearing one). Every style a drawing sets is set before it is used.
 * @param {number} width @param {number} height
 */
function blankContext(width, height) {
  if (kept?.width === width && kept.height === height) {
    const ctx = kept.getContext('2d');
    ctx.clearRect(0, 0, width, height);
    return ctx;
  }
  kept = createCanvas(width, height);
  return kept.getContext('2d');
}

/**
 * Draws a job (what a worker receives) and returns the PNG as a fresh, transferable Uint8Array.
 * @param {import('./renderer.d.mts').RenderJob} job
 * @param {{ blocking?: boolean }} [options] see encodePng
 * @returns {Promise<Uint8Array>}
 */
export async function renderJob(job, options) {
  const { width, height, box, background, wkb, offsets } = job;
  const ctx = blankContext(width, height);
  if (background) {
    ctx.fillStyle = background;
    ctx.fillRect(0, 0, width, height);
  }
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  const project = axisProjector(box, width, height);
  const { skip, specks } = deferSpecks(job, project, width, height);
  for (const layer of regroup(job.groups, wkb, offsets, project, width, height, skip)) {
    if ('coverage' in layer) paintCoverage(ctx, layer.coverage, box, width, height);
    else paintGroup(ctx, layer.style, layer.geometries, project);
  }
  const { data } = ctx.getImageData(0, 0, width, height);
  const { boxes, colours } = specks;
  for (let i = 0; i < colours.length; i++) {
    const o = i * 5;
    paintSpeck(data, width, height, boxes[o], boxes[o + 1], boxes[o + 2], boxes[o + 3], boxes[o + 4], colours[i]);
  }
  const png = await encodePng(data, width, height, options);
  return new Uint8Array(png);
}
