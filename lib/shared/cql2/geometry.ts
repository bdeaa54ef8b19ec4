/**
 * GeoJSON geometries as a STAC client sends them (`intersects`, CQL2 `S_INTERSECTS`): every type,
 * checked by hand (positions finite, longitudes/latitudes in range, rings closed, sizes bounded) so a
 * hostile body costs no more than its vertex budget. The database makes the geometry valid afterwards.
 */
import { Cql2Error } from './errors';

export type Position = readonly number[];

export type GeoJsonGeometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'MultiPoint'; coordinates: readonly Position[] }
  | { type: 'LineString'; coordinates: readonly Position[] }
  | { type: 'MultiLineString'; coordinates: readonly (readonly Position[])[] }
  | { type: 'Polygon'; coordinates: readonly (readonly Position[])[] }
  | { type: 'MultiPolygon'; coordinates: readonly (readonly (readonly Position[])[])[] }
  | { type: 'GeometryCollection'; geometries: readonly GeoJsonGeometry[] };

/** Same limit as the portal's drawn areas (CATALOGUE_LIMITS.maxVertices). */
export const MAX_GEOMETRY_VERTICES = 10_000;
const MAX_COLLECTION_DEPTH = 4;

interface Budget {
  vertices: number;
}

const bad = (reason: string) => new Cql2Error('badGeometry', { reason });

function position(value: unknown, budget: Budget): Position {
  if (!Array.isArray(value) || value.length < 2 || value.length > 3) throw bad('a position is [longitude, latitude] or [longitude, latitude, height]');
  for (const n of value) if (typeof n !== 'number' || !Number.isFinite(n)) throw bad('coordinates must be finite numbers');
  const [lon, lat] = value as number[];
  if (lon! < -180 || lon! > 180 || lat! < -90 || lat! > 90) throw bad('longitude must be within ±180 and latitude within ±90');
  budget.vertices += 1;
  if (budget.vertices > MAX_GEOMETRY_VERTICES) throw new Cql2Error('tooManyVertices', { max: MAX_GEOMETRY_VERTICES });
  return (value as number[]).slice();
}

function positions(value: unknown, budget: Budget, min: number): Position[] {
  if (!Array.isArray(value)) throw bad('coordinates must be arrays');
  if (value.length < min) throw bad(`at least ${min} positions are needed`);
  if (value.length > MAX_GEOMETRY_VERTICES) throw new Cql2Error('tooManyVertices', { max: MAX_GEOMETRY_VERTICES });
  return value.map((p) => position(p, budget));
}

function ring(value: unknown, budget: Budget): Position[] {
  const r = positions(value, budget, 4);
  const first = r[0]!;
  const last = r[r.length - 1]!;
  if (first[0] !== last[0] || first[1] !== last[1]) throw bad('a polygon ring must end where it starts');
  return r;
}

function list<T>(value: unknown, item: (v: unknown) => T, min = 1): T[] {
  if (!Array.isArray(value)) throw bad('coordinates must be arrays');
  if (value.length < min) throw bad('empty coordinates');
  if (value.length > MAX_GEOMETRY_VERTICES) throw new Cql2Error('tooManyVertices', { max: MAX_GEOMETRY_VERTICES });
  return value.map(item);
}

function geometry(value: unknown, budget: Budget, depth: number): GeoJsonGeometry {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw bad('a GeoJSON geometry object is expected');
  const { type, coordinates, geometries } = value as { type?: unknown; coordinates?: unknown; geometries?: unknown };
  switch (type) {
    case 'Point':
      return { type, coordinates: position(coordinates, budget) };
    case 'MultiPoint':
      return { type, coordinates: positions(coordinates, budget, 1) };
    case 'LineString':
      return { type, coordinates: positions(coordinates, budget, 2) };
    case 'MultiLineString':
      return { type, coordinates: list(coordinates, (l) => positions(l, budget, 2)) };
    case 'Polygon':
      return { type, coordinates: list(coordinates, (r) => ring(r, budget)) };
    case 'MultiPolygon':
      return { type, coordinates: list(coordinates, (p) => list(p, (r) => ring(r, budget))) };
    case 'GeometryCollection':
      if (depth >= MAX_COLLECTION_DEPTH) throw bad('geometry collections nested too deeply');
      return { type, geometries: list(geometries, (g) => geometry(g, budget, depth + 1)) };
    default:
      throw bad(`unknown geometry type ${typeof type === 'string' ? JSON.stringify(type.slice(0, 40)) : String(typeof type)}`);
  }
}

/** A checked copy of `value` (only the GeoJSON members), or a Cql2Error (`badGeometry`, `tooManyVertices`). */
export function parseGeoJsonGeometry(value: unknown): GeoJsonGeometry {
  return geometry(value, { vertices: 0 }, 0);
}

/** [west, south, east, north] of a checked geometry (no antimeridian logic: positions as given). */
export function geometryBbox(g: GeoJsonGeometry): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const visit = (p: Position) => {
    box[0] = Math.min(box[0], p[0]!);
    box[1] = Math.min(box[1], p[1]!);
    box[2] = Math.max(box[2], p[0]!);
    box[3] = Math.max(box[3], p[1]!);
  };
  const walk = (x: GeoJsonGeometry) => {
    if (x.type === 'GeometryCollection') x.geometries.forEach(walk);
    else if (x.type === 'Point') visit(x.coordinates);
    else if (x.type === 'MultiPoint' || x.type === 'LineString') x.coordinates.forEach(visit);
    else if (x.type === 'MultiLineString' || x.type === 'Polygon') x.coordinates.forEach((l) => l.forEach(visit));
    else x.coordinates.forEach((p) => p.forEach((l) => l.forEach(visit)));
  };
  walk(g);
  return box;
}
