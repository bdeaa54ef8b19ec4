import 'server-only';
/**
 * ESRI shapefile writer for polygon layers (footprints, uncovered remainders), zipped with its sidecar
 * files: `name.shp` (geometry), `.shx` (record index), `.dbf` (attributes, dBase III), `.prj` (WGS 84)
 * and `.cpg` (the attribute text is UTF-8). Read back by GDAL (ogrinfo) and the `shapefile` package.
 *
 * Format notes (ESRI Shapefile Technical Description, 1998): file codes and lengths are big-endian,
 * everything else little-endian; lengths count 16-bit words; an outer ring runs clockwise and a hole
 * counter-clockwise (GeoJSON has it the other way round, so rings are oriented here); a feature without
 * geometry is a null shape.
 */
import { zipSync } from 'fflate';

type Position = number[];
type Ring = Position[];

export interface PolygonGeometry {
  type: 'Polygon';
  coordinates: Ring[];
}
export interface MultiPolygonGeometry {
  type: 'MultiPolygon';
  coordinates: Ring[][];
}

export interface ShapefileField {
  /** At most 10 ASCII letters, digits or underscores (dBase). */
  name: string;
  /** C: text, N: number. */
  type: 'C' | 'N';
  /** Bytes: text up to 254 (default 254 for C, 18 for N). */
  length?: number;
  /** Digits after the point (N only; default 0). */
  decimals?: number;
}

export interface ShapefileFeature {
  geometry: PolygonGeometry | MultiPolygonGeometry | null;
  properties: Record<string, string | number | null | undefined>;
}

export interface ShapefileLayer {
  /** The base name of the files inside the zip (letters, digits, `_`, `-`, `.`). */
  name: string;
  fields: readonly ShapefileField[];
  features: readonly ShapefileFeature[];
}

const SHAPE_NULL = 0;
const SHAPE_POLYGON = 5;
const HEADER_BYTES = 100;

export const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';

/** Twice the signed area (positive = counter-clockwise in lon/lat). */
function signedArea2(ring: Ring): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j]![0]! - ring[i]![0]!) * (ring[j]![1]! + ring[i]![1]!);
  return sum;
}

/** The rings of a geometry as shapefile parts: closed, outer rings clockwise, holes counter-clockwise. */
function partsOf(geometry: PolygonGeometry | MultiPolygonGeometry): Ring[] {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  const parts: Ring[] = [];
  for (const polygon of polygons)
    polygon.forEach((input, index) => {
      if (input.length === 0) return;
      const ring = input.map((p) => [p[0]!, p[1]!]);
      const first = ring[0]!;
      const last = ring[ring.length - 1]!;
      if (first[0] !== last[0] || first[1] !== last[1]) ring.push([first[0]!, first[1]!]);
      if (ring.length < 4) return;
      const clockwise = signedArea2(ring) < 0;
      const wantClockwise = index === 0;
      parts.push(clockwise === wantClockwise ? ring : ring.reverse());
    });
  return parts;
}

type Box = [number, number, number, number];
const emptyBox = (): Box => [Infinity, Infinity, -Infinity, -Infinity];
function extend(box: Box, parts: readonly Ring[]): Box {
  for (const ring of parts)
    for (const [x, y] of ring) {
      box[0] = Math.min(box[0], x!);
      box[1] = Math.min(box[1], y!);
      box[2] = Math.max(box[2], x!);
      box[3] = Math.max(box[3], y!);
    }
  return box;
}

function writeHeader(view: DataView, fileBytes: number, box: Box) {
  view.setInt32(0, 9994, false);
  view.setInt32(24, fileBytes / 2, false);
  view.setInt32(28, 1000, true);
  view.setInt32(32, SHAPE_POLYGON, true);
  const finite = box.every(Number.isFinite);
  for (let i = 0; i < 4; i++) view.setFloat64(36 + 8 * i, finite ? box[i]! : 0, true);
}

function shpAndShx(features: readonly ShapefileFeature[]): { shp: Uint8Array; shx: Uint8Array } {
  const records = features.map((f) => (f.geometry ? partsOf(f.geometry) : []));
  const contentBytes = records.map((parts) => {
    if (parts.length === 0) return 4;
    const points = parts.reduce((n, r) => n + r.length, 0);
    return 44 + 4 * parts.length + 16 * points;
  });
  const shpBytes = HEADER_BYTES + contentBytes.reduce((n, c) => n + 8 + c, 0);
  const shxBytes = HEADER_BYTES + 8 * records.length;
  const shp = new Uint8Array(shpBytes);
  const shx = new Uint8Array(shxBytes);
  const sv = new DataView(shp.buffer);
  const xv = new DataView(shx.buffer);
  const layerBox = emptyBox();
  let offset = HEADER_BYTES;
  records.forEach((parts, i) => {
    const content = contentBytes[i]!;
    xv.setInt32(HEADER_BYTES + 8 * i, offset / 2, false);
    xv.setInt32(HEADER_BYTES + 8 * i + 4, content / 2, false);
    sv.setInt32(offset, i + 1, false);
    sv.setInt32(offset + 4, content / 2, false);
    let p = offset + 8;
    if (parts.length === 0) {
      sv.setInt32(p, SHAPE_NULL, true);
    } else {
      const box = extend(emptyBox(), parts);
      extend(layerBox, parts);
      sv.setInt32(p, SHAPE_POLYGON, true);
      for (let k = 0; k < 4; k++) sv.setFloat64(p + 4 + 8 * k, box[k]!, true);
      sv.setInt32(p + 36, parts.length, true);
      sv.setInt32(p + 40, parts.reduce((n, r) => n + r.length, 0), true);
      p += 44;
      let start = 0;
      for (const ring of parts) {
        sv.setInt32(p, start, true);
        p += 4;
        start += ring.length;
      }
      for (const ring of parts)
        for (const [x, y] of ring) {
          sv.setFloat64(p, x!, true);
          sv.setFloat64(p + 8, y!, true);
          p += 16;
        }
    }
    offset += 8 + content;
  });
  writeHeader(sv, shpBytes, layerBox);
  writeHeader(xv, shxBytes, layerBox);
  return { shp, shx };
}

const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,9}$/;

/** The UTF-8 bytes of `text` cut to at most `max` bytes without splitting a character. */
function utf8Cut(text: string, max: number): Uint8Array {
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= max) return bytes;
  let end = max;
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end);
}

function numberText(value: number, decimals: number): string {
  return Number.isFinite(value) ? value.toFixed(decimals) : '';
}

function dbf(fields: readonly ShapefileField[], features: readonly ShapefileFeature[], now: Date): Uint8Array {
  const specs = fields.map((f) => {
    if (!FIELD_NAME.test(f.name)) throw new Error(`Shapefile field name must be 1–10 ASCII letters, digits or _: ${f.name}`);
    const length = f.length ?? (f.type === 'C' ? 254 : 18);
    if (length < 1 || length > 254) throw new Error(`Shapefile field ${f.name}: length must be 1–254`);
    return { ...f, length, decimals: f.type === 'N' ? (f.decimals ?? 0) : 0 };
  });
  const headerBytes = 32 + 32 * specs.length + 1;
  const recordBytes = 1 + specs.reduce((n, f) => n + f.length, 0);
  const out = new Uint8Array(headerBytes + recordBytes * features.length + 1);
  const view = new DataView(out.buffer);
  out[0] = 0x03;
  out[1] = now.getUTCFullYear() - 1900;
  out[2] = now.getUTCMonth() + 1;
  out[3] = now.getUTCDate();
  view.setUint32(4, features.length, true);
  view.setUint16(8, headerBytes, true);
  view.setUint16(10, recordBytes, true);
  const ascii = new TextEncoder();
  specs.forEach((f, i) => {
    const at = 32 + 32 * i;
    out.set(ascii.encode(f.name), at);
    out[at + 11] = f.type.charCodeAt(0);
    out[at + 16] = f.length;
    out[at + 17] = f.decimals;
  });
  out[headerBytes - 1] = 0x0d;
  out.fill(0x20, headerBytes, headerBytes + recordBytes * features.length);
  features.forEach((feature, r) => {
    let at = headerBytes + r * recordBytes + 1;
    for (const f of specs) {
      const value = feature.properties[f.name];
      if (value !== null && value !== undefined) {
        if (f.type === 'C') out.set(utf8Cut(String(value), f.length), at);
        else {
          const text = typeof value === 'number' ? numberText(value, f.decimals) : '';
          if (text.length <= f.length) out.set(ascii.encode(text), at + f.length - text.length);
        }
      }
      at += f.length;
    }
  });
  out[out.length - 1] = 0x1a;
  return out;
}

/** The layer as a zip holding name.shp, .shx, .dbf, .prj and .cpg. */
export function shapefileZip(layer: ShapefileLayer, now: Date = new Date()): Uint8Array {
  if (!/^[A-Za-z0-9_.-]{1,100}$/.test(layer.name)) throw new Error(`Shapefile name must be 1–100 safe characters: ${layer.name}`);
  const { shp, shx } = shpAndShx(layer.features);
  const text = new TextEncoder();
  return zipSync(
    {
      [`${layer.name}.shp`]: shp,
      [`${layer.name}.shx`]: shx,
      [`${layer.name}.dbf`]: dbf(layer.fields, layer.features, now),
      [`${layer.name}.prj`]: text.encode(WGS84_PRJ),
      [`${layer.name}.cpg`]: text.encode('UTF-8'),
    },
    { level: 6, mtime: now },
  );
}
