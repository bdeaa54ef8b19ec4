import 'server-only';
/**
 * From an uploaded file to WGS84 polygons: a zipped shapefile (.shp + .shx + .dbf, .prj read), GeoJSON,
 * KML or KMZ. Only polygons and multipolygons are taken (points and lines are ignored; a file with no
 * polygon at all is refused). Rings are passed on as written: repair and dissolving happen in the
 * database (./store.ts).
 */
import { kml } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import * as shapefile from 'shapefile';
import { AREA_UPLOAD_LIMITS } from '../../../shared/contracts/uploads';
import { crsFromGeoJsonName, crsFromPrj, isLonLat, WGS84, type Position, type SourceCrs } from './crs';
import { refuse, UploadRefused } from './refusal';
import { checkDeclaredSizes, extensionOf, inflateEntries, realEntries, zipEntries, type ZipEntry } from './zip';

/** Rings of one polygon, [lon, lat] positions, as the file wrote them. */
export type PolygonRings = Position[][];

export interface ReadArea {
  polygons: PolygonRings[];
  /** Features that carried at least one polygon. */
  features: number;
  crs: SourceCrs;
  format: 'shapefile' | 'geojson' | 'kml' | 'kmz';
}

export type UploadFormat = ReadArea['format'];

/** The format a file name announces; refuses any other. */
export function formatOf(name: string): 'zip' | 'geojson' | 'kml' | 'kmz' {
  const ext = extensionOf(name);
  if (ext === '.zip') return 'zip';
  if (ext === '.geojson' || ext === '.json') return 'geojson';
  if (ext === '.kml') return 'kml';
  if (ext === '.kmz') return 'kmz';
  return refuse('wrongType');
}

const isZip = (bytes: Uint8Array) => bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** Reads an uploaded file into polygons; every refusal is an UploadRefused with its reason. */
export async function readAreaFile(name: string, bytes: Uint8Array): Promise<ReadArea> {
  if (bytes.length > AREA_UPLOAD_LIMITS.maxFileBytes) refuse('tooLarge');
  const format = formatOf(name);
  if (bytes.length === 0) refuse('unreadable');
  if (format === 'zip' || format === 'kmz') {
    if (!isZip(bytes)) refuse('unreadable');
    const entries = realEntries(zipEntries(bytes));
    checkDeclaredSizes(entries);
    return format === 'zip' ? readShapefileZip(bytes, entries) : readKmz(bytes, entries);
  }
  const text = decodeText(bytes);
  return format === 'kml' ? readKml(text, 'kml') : readGeoJson(text);
}

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return refuse('unreadable');
  }
}

const stem = (name: string) => name.slice(0, name.length - extensionOf(name).length).toLowerCase();

async function readShapefileZip(zip: Uint8Array, entries: ZipEntry[]): Promise<ReadArea> {
  const shps = entries.filter((e) => extensionOf(e.name) === '.shp');
  if (shps.length === 0) refuse('missingShp');
  if (shps.length > 1) refuse('manyShapefiles');
  const shp = shps[0]!;
  const sibling = (ext: string) => entries.find((e) => extensionOf(e.name) === ext && stem(e.name) === stem(shp.name));
  const shx = sibling('.shx');
  const dbf = sibling('.dbf');
  const prj = sibling('.prj');
  if (!shx) refuse('missingShx');
  if (!dbf) refuse('missingDbf');
  const [shpBytes, dbfBytes, prjBytes] = inflateEntries(zip, prj ? [shp, dbf!, prj] : [shp, dbf!]);
  const crs = prjBytes ? crsFromPrj(new TextDecoder('latin1').decode(prjBytes)) : null;

  const geometries: unknown[] = [];
  try {
    const source = await shapefile.open(toArrayBuffer(shpBytes!), toArrayBuffer(dbfBytes!));
    for (;;) {
      const { done, value } = await source.read();
      if (done) break;
      geometries.push(value.geometry);
    }
  } catch (error) {
    if (error instanceof UploadRefused) throw error;
    refuse('unreadable');
  }
  return collect(geometries, crs, 'shapefile');
}

const toArrayBuffer = (bytes: Uint8Array): ArrayBuffer => bytes.slice().buffer;

async function readKmz(zip: Uint8Array, entries: ZipEntry[]): Promise<ReadArea> {
  const kmls = entries.filter((e) => extensionOf(e.name) === '.kml');
  // doc.kml at the root is the KMZ convention; otherwise the first KML in the archive.
  const doc = kmls.find((e) => e.name.toLowerCase() === 'doc.kml') ?? kmls[0];
  if (!doc) return refuse('missingKml');
  const [bytes] = inflateEntries(zip, [doc]);
  return readKml(decodeText(bytes!), 'kmz');
}

function readKml(text: string, format: 'kml' | 'kmz'): ReadArea {
  let geometries: unknown[];
  try {
    let fatal = false;
    const dom = new DOMParser({
      onError: (level) => {
        if (level === 'fatalError') fatal = true;
      },
    }).parseFromString(text, 'text/xml');
    if (fatal || !dom.documentElement || dom.documentElement.localName !== 'kml') return refuse('unreadable');
    geometries = kml(dom).features.map((f) => f.geometry);
  } catch (error) {
    if (error instanceof UploadRefused) throw error;
    return refuse('unreadable');
  }
  // KML is WGS84 longitude/latitude by definition.
  return collect(geometries, WGS84, format);
}

function readGeoJson(text: string): ReadArea {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refuse('unreadable');
  }
  if (!isObject(json)) return refuse('unreadable');
  const crsName = isObject(json.crs) && isObject(json.crs.properties) ? json.crs.properties.name : undefined;
  const crs = typeof crsName === 'string' ? crsFromGeoJsonName(crsName) : null;
  let geometries: unknown[];
  if (json.type === 'FeatureCollection') {
    if (!Array.isArray(json.features)) return refuse('unreadable');
    geometries = json.features.map((f) => (isObject(f) ? f.geometry : null));
  } else if (json.type === 'Feature') geometries = [json.geometry];
  else geometries = [json];
  return collect(geometries, crs, 'geojson');
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The polygons of each geometry (GeometryCollections opened), in WGS84. `crs` null means the file named
 * none: its coordinates must then be longitude/latitude already.
 */
export function collect(geometries: readonly unknown[], crs: SourceCrs | null, format: UploadFormat): ReadArea {
  const polygons: PolygonRings[] = [];
  const count: Count = { vertices: 0 };
  let features = 0;
  for (const geometry of geometries) {
    const before = polygons.length;
    polygonsOf(geometry, polygons, 0, count);
    if (polygons.length > before) features++;
  }
  if (polygons.length === 0) refuse('noPolygons');
  const source = crs ?? WGS84;
  const transform = source.transform;
  for (const polygon of polygons)
    for (const ring of polygon)
      for (let i = 0; i < ring.length; i++) {
        const p = transform ? transform(ring[i]!) : ring[i]!;
        if (!isLonLat(p)) refuse(crs === null ? 'notLonLat' : 'outOfRange');
        ring[i] = [p[0], p[1]];
      }
  return { polygons, features, crs: source, format };
}

/** Vertices read so far: the file is refused the moment it passes AREA_UPLOAD_LIMITS.maxInputVertices. */
interface Count {
  vertices: number;
}

function polygonsOf(geometry: unknown, out: PolygonRings[], depth: number, count: Count): void {
  if (!isObject(geometry) || depth > 4) return;
  const add = (polygon: unknown) => {
    // Counted before each polygon is copied: a hostile file is refused after reading its limit, not all of it.
    if (out.length >= AREA_UPLOAD_LIMITS.maxPolygons) refuse('tooManyPolygons', { max: AREA_UPLOAD_LIMITS.maxPolygons });
    out.push(polygonRings(polygon, count));
  };
  if (geometry.type === 'Polygon') add(geometry.coordinates);
  else if (geometry.type === 'MultiPolygon') {
    if (!Array.isArray(geometry.coordinates)) refuse('unreadable');
    for (const polygon of geometry.coordinates as unknown[]) add(polygon);
  } else if (geometry.type === 'GeometryCollection' && Array.isArray(geometry.geometries)) {
    for (const g of geometry.geometries as unknown[]) polygonsOf(g, out, depth + 1, count);
  }
}

function polygonRings(value: unknown, count: Count): PolygonRings {
  if (!Array.isArray(value) || value.length === 0) return refuse('unreadable');
  return value.map((ring: unknown) => {
    if (!Array.isArray(ring)) return refuse('unreadable');
    count.vertices += ring.length;
    if (count.vertices > AREA_UPLOAD_LIMITS.maxInputVertices) refuse('tooManyInputVertices', { max: AREA_UPLOAD_LIMITS.maxInputVertices });
    return ring.map((p: unknown): Position => {
      if (!Array.isArray(p) || typeof p[0] !== 'number' || typeof p[1] !== 'number' || !Number.isFinite(p[0]) || !Number.isFinite(p[1]))
        return refuse('unreadable');
      return [p[0], p[1]];
    });
  });
}
