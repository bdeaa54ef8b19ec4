import 'server-only';
/**
 * The part of an area upload that is pure computation: reading the file (./read.ts: unzipping, parsing,
 * reprojecting), closing rings, simplifying an area over AREA_UPLOAD_LIMITS.maxVertices (./simplify.ts, only if its
 * area moves by at most maxAreaChange) and counting crossings (../guard.ts, a sweep that stops at the limits). A
 * 250,000-vertex file costs seconds of CPU here, so it runs on a worker thread (./worker.mjs, pooled by ./index.ts):
 * the request thread keeps answering everyone else meanwhile (issue 32.2). The answer is the GeoJSON text PostGIS
 * reads (./store.ts), or the refusal to show.
 */
import { AREA_UPLOAD_LIMITS } from '../../../shared/contracts/uploads';
import { countPartCrossings, GeometryRefused } from '../guard';
import type { Position } from './crs';
import { readAreaFile, type PolygonRings, type UploadFormat } from './read';
import { refuse, UploadRefused, type Refusal } from './refusal';
import { simplifyToLimit, vertexTotal, type MultiPolygonCoordinates } from './simplify';

/** An uploaded area ready for the dissolve: its polygons as WKB and what was done to them. */
export interface PreparedArea {
  /**
   * A MultiPolygon in WGS84, within the vertex and crossing limits, as hex WKB (multiPolygonWkb): PostGIS reads
   * 100,000 vertices of WKB in ~20–40 ms, where parsing the same as GeoJSON took 270–540 ms of the embedded
   * database's one thread.
   */
  wkb: string;
  simplified: boolean;
  /** Rings were closed or dropped (counts as a repair). */
  closedChanged: boolean;
  crs: string;
  features: number;
  format: UploadFormat;
}

export interface PrepareJob {
  name: string;
  bytes: Uint8Array;
  /** Vertices the stored area may keep (AREA_UPLOAD_LIMITS.maxVertices, or embeddedMaxVertices on the embedded database). */
  maxVertices?: number;
}

/** What a worker thread answers: the area, or the refusal (its reason and message values) to throw again. */
export type PrepareOutcome = { ok: true; area: PreparedArea } | { ok: false; reason: Refusal; values: Record<string, string | number> };

/**
 * Closes open rings and drops rings with fewer than four positions (PostGIS would not parse them);
 * true when anything had to change, which counts as a repair.
 */
export function closeRings(polygons: readonly PolygonRings[]): { polygons: PolygonRings[]; changed: boolean } {
  let changed = false;
  const out: PolygonRings[] = [];
  for (const polygon of polygons) {
    const rings: Position[][] = [];
    polygon.forEach((ring, i) => {
      const first = ring[0];
      const last = ring[ring.length - 1];
      let closed = ring;
      if (first && last && (first[0] !== last[0] || first[1] !== last[1])) {
        closed = [...ring, first];
        changed = true;
      }
      if (closed.length < 4) {
        changed = true;
        if (i === 0) rings.length = 0;
        return;
      }
      if (i > 0 && rings.length === 0) return; // holes of a dropped outer ring
      rings.push(closed);
    });
    if (rings.length > 0) out.push(rings);
  }
  return { polygons: out, changed };
}

/**
 * The file's polygons within what the dissolve may cost, or a refusal: over `maxVertices` they
 * are simplified here first (./simplify.ts, O(n log n), only if the area moves by at most maxAreaChange), then
 * their crossings are counted (./guard.ts, a sweep that stops at the limits) — all before the database sees them.
 */
function boundedForDissolve(polygons: PolygonRings[], maxVertices: number): { polygons: PolygonRings[]; simplified: boolean } {
  let simplified = false;
  let coordinates: MultiPolygonCoordinates = polygons;
  const vertices = vertexTotal(coordinates);
  if (vertices > maxVertices) {
    const result = simplifyToLimit(coordinates, maxVertices, AREA_UPLOAD_LIMITS.maxAreaChange);
    if (!result.ok) return refuse('tooManyVertices', { count: result.vertices, max: maxVertices });
    coordinates = result.coordinates;
    simplified = true;
  }
  let crossings;
  try {
    crossings = countPartCrossings(coordinates, {
      self: AREA_UPLOAD_LIMITS.maxSelfCrossings,
      between: AREA_UPLOAD_LIMITS.maxOverlapCrossings,
    });
  } catch (error) {
    if (error instanceof GeometryRefused) return refuse('uncheckable');
    throw error;
  }
  if (crossings.self > AREA_UPLOAD_LIMITS.maxSelfCrossings) refuse('tooManyCrossings', { max: AREA_UPLOAD_LIMITS.maxSelfCrossings });
  if (crossings.between > AREA_UPLOAD_LIMITS.maxOverlapCrossings)
    refuse('tooManyOverlaps', { max: AREA_UPLOAD_LIMITS.maxOverlapCrossings });
  return { polygons: coordinates, simplified };
}

/** Polygons as the hex WKB (little-endian, 2D) of one MultiPolygon, as `ST_AsBinary` would write it. */
export function multiPolygonWkb(polygons: readonly PolygonRings[]): string {
  let size = 9;
  for (const polygon of polygons) {
    size += 9;
    for (const ring of polygon) size += 4 + 16 * ring.length;
  }
  const buffer = Buffer.alloc(size);
  let at = 0;
  const header = (type: number, count: number) => {
    at = buffer.writeUInt8(1, at);
    at = buffer.writeUInt32LE(type, at);
    at = buffer.writeUInt32LE(count, at);
  };
  header(6, polygons.length);
  for (const polygon of polygons) {
    header(3, polygon.length);
    for (const ring of polygon) {
      at = buffer.writeUInt32LE(ring.length, at);
      for (const [x, y] of ring) {
        at = buffer.writeDoubleLE(x, at);
        at = buffer.writeDoubleLE(y, at);
      }
    }
  }
  return buffer.toString('hex');
}

/** Reads the file and bounds its area; a refusal is an answer here (it crosses the thread as data). */
export async function prepareArea(job: PrepareJob): Promise<PrepareOutcome> {
  try {
    const area = await readAreaFile(job.name, job.bytes);
    const closed = closeRings(area.polygons);
    if (closed.polygons.length === 0) refuse('emptyArea');
    const bounded = boundedForDissolve(closed.polygons, job.maxVertices ?? AREA_UPLOAD_LIMITS.maxVertices);
    return {
      ok: true,
      area: {
        wkb: multiPolygonWkb(bounded.polygons),
        simplified: bounded.simplified,
        closedChanged: closed.changed,
        crs: area.crs.name,
        features: area.features,
        format: area.format,
      },
    };
  } catch (error) {
    if (error instanceof UploadRefused) return { ok: false, reason: error.reason, values: error.values };
    throw error;
  }
}
