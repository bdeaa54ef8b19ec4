import 'server-only';
/**
 * Bounding, dissolving, repairing and storing an uploaded area (table catalogue_uploads, kind 'area'),
 * and reading it back while it lives. Before the database sees it: polygons and vertices were counted while
 * reading (./read.ts); an area over AREA_UPLOAD_LIMITS.maxVertices is simplified (./simplify.ts) only if its
 * area stays within AREA_UPLOAD_LIMITS.maxAreaChange; its crossings are counted by the geometry guard
 * (../guard.ts) against the limits. Then PostGIS repairs each polygon (ST_MakeValid: a bow-tie becomes two
 * triangles, a badly nested ring a hole or an island) and ST_Union dissolves everything into one multipolygon.
 * Nothing is written before every check has passed.
 */
import { randomUUID } from 'node:crypto';
import { API_CODES } from '../../../shared/contracts/api';
import { CATALOGUE_LIMITS } from '../../../shared/contracts/catalogue';
import { AREA_UPLOAD_LIMITS, uploadErrorKey, type UploadedArea } from '../../../shared/contracts/uploads';
import { ApiError } from '../../api/errors';
import type { Database, Queryable } from '../../db/types';
import { coresSql, CORE_MIN_VERTICES, MAX_HULL_PARTS } from '../../regions/cores';
import type { Position } from './crs';
import type { PolygonRings, ReadArea } from './read';
import { refuse } from './refusal';
import { countPartCrossings, GeometryRefused } from '../guard';
import { simplifyToLimit, vertexTotal, type MultiPolygonCoordinates } from './simplify';

interface AreaDetails {
  vertices: number;
  repaired: boolean;
  simplified: boolean;
  crs: string;
  features: number;
  format: string;
}

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

/** A file name fit to show: its last path segment, no control characters, at most 255 characters. */
export function displayName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return Array.from(base || 'area')
    .slice(0, 255)
    .join('');
}

interface Dissolved {
  wkb: string;
  vertices: number;
  m2: number;
  repaired: boolean;
  empty: boolean;
}

const DISSOLVE_SQL = `
  WITH parts AS (SELECT (ST_Dump(ST_SetSRID(ST_GeomFromGeoJSON($1::text), 4326))).geom AS g),
  fixed AS (SELECT ST_IsValid(g) AS ok, ST_CollectionExtract(ST_MakeValid(g), 3) AS g FROM parts),
  u AS (SELECT bool_or(NOT ok) AS repaired, ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_Union(g)), 3)) AS g FROM fixed)
  SELECT encode(ST_AsEWKB(g), 'hex') AS wkb, ST_NPoints(g) AS vertices, coalesce(ST_Area(g::geography), 0) AS m2,
         coalesce(repaired, false) AS repaired, ST_IsEmpty(g) AS empty
    FROM u`;

/**
 * The file's polygons within what the dissolve may cost, or a refusal: over AREA_UPLOAD_LIMITS.maxVertices they
 * are simplified here first (./simplify.ts, O(n log n), only if the area moves by at most maxAreaChange), then
 * their crossings are counted (./guard.ts, a sweep that stops at the limits) — all before the database sees them.
 */
function boundedForDissolve(polygons: PolygonRings[]): { polygons: PolygonRings[]; simplified: boolean } {
  let simplified = false;
  let coordinates: MultiPolygonCoordinates = polygons;
  const vertices = vertexTotal(coordinates);
  if (vertices > AREA_UPLOAD_LIMITS.maxVertices) {
    const result = simplifyToLimit(coordinates, AREA_UPLOAD_LIMITS.maxVertices, AREA_UPLOAD_LIMITS.maxAreaChange);
    if (!result.ok) return refuse('tooManyVertices', { count: result.vertices });
    coordinates = result.coordinates;
    simplified = true;
  }
  let crossings;
  try {
    crossings = countPartCrossings(coordinates, { self: AREA_UPLOAD_LIMITS.maxSelfCrossings, between: AREA_UPLOAD_LIMITS.maxOverlapCrossings });
  } catch (error) {
    if (error instanceof GeometryRefused) return refuse('uncheckable');
    throw error;
  }
  if (crossings.self > AREA_UPLOAD_LIMITS.maxSelfCrossings) refuse('tooManyCrossings', { max: AREA_UPLOAD_LIMITS.maxSelfCrossings });
  if (crossings.between > AREA_UPLOAD_LIMITS.maxOverlapCrossings) refuse('tooManyOverlaps', { max: AREA_UPLOAD_LIMITS.maxOverlapCrossings });
  return { polygons: coordinates, simplified };
}

/** From this many vertices an area keeps a lighter copy for the listed scenes' shares (geom_mid). */
const MID_MIN_VERTICES = 5000;

/** Dissolves, repairs and (if it must) simplifies the area; stores it and answers it as the screen shows it. */
export async function storeArea(db: Database, name: string, area: ReadArea): Promise<UploadedArea> {
  const closed = closeRings(area.polygons);
  if (closed.polygons.length === 0) refuse('emptyArea');
  const bounded = boundedForDissolve(closed.polygons);
  const input = JSON.stringify({ type: 'MultiPolygon', coordinates: bounded.polygons });
  const [dissolved] = await db.query<Dissolved>(DISSOLVE_SQL, [input]);
  if (!dissolved || dissolved.empty || dissolved.m2 <= 0) return refuse('emptyArea');
  // The repair adds a vertex per crossing at most (bounded above); still, nothing over the limit is stored.
  if (dissolved.vertices > AREA_UPLOAD_LIMITS.maxVertices) return refuse('tooManyVertices', { count: dissolved.vertices });
  const final = dissolved;
  const simplified = bounded.simplified;
  const details: AreaDetails = {
    vertices: final.vertices,
    repaired: closed.changed || dissolved.repaired,
    simplified,
    crs: area.crs.name,
    features: area.features,
    format: area.format,
  };
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.query(`DELETE FROM catalogue_uploads WHERE expires_at <= now()`);
    await tx.query(
      `INSERT INTO catalogue_uploads (id, kind, name, expires_at, geom, area_km2, details)
       SELECT $1::uuid, 'area', $2, now() + make_interval(hours => $3::int), g, ST_Area(g::geography) / 1e6, $4::jsonb
         FROM (SELECT ST_GeomFromEWKB(decode($5, 'hex')) AS g) x`,
      [id, displayName(name), CATALOGUE_LIMITS.uploadTtlHours, JSON.stringify(details), final.wkb],
    );
    // A large area gets the region search's core and hull (lib/server/regions/cores.ts), so that a search
    // tests only the footprints along its border against every vertex (a 99,000-vertex area at 1 M scenes:
    // 9-12 s → ~0.4 s). The band d: 0.4 % of the extent, at least 0.001° (~100 m).
    if (final.vertices >= MID_MIN_VERTICES)
      // ~60 m for a county-sized area (a tenth of the cores' band): the listed shares move by far less
      // than their one decimal.
      await tx.query(
        `UPDATE catalogue_uploads SET geom_mid = ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_SimplifyPreserveTopology(geom,
                greatest(0.0001, 0.0004 * greatest(ST_XMax(geom) - ST_XMin(geom), ST_YMax(geom) - ST_YMin(geom))))), 3))
          WHERE id = $1::uuid`,
        [id],
      );
    if (final.vertices >= CORE_MIN_VERTICES) {
      const source = `SELECT id AS key, geom AS hi, geom AS base, ST_NumGeometries(geom) AS parts,
                             greatest(0.001, 0.004 * greatest(ST_XMax(geom) - ST_XMin(geom), ST_YMax(geom) - ST_YMin(geom))) AS d
                        FROM catalogue_uploads WHERE id = $1::uuid`;
      await tx.query(`UPDATE catalogue_uploads u SET core = c.core, hull = c.hull FROM (${coresSql(source, '$2')}) c WHERE u.id = c.key`, [
        id,
        MAX_HULL_PARTS,
      ]);
    }
  });
  return getUploadedArea(db, id);
}

interface StoredRow {
  id: string;
  name: string;
  area_km2: number;
  details: AreaDetails | string;
  expires_at: Date | string;
  west: number;
  south: number;
  east: number;
  north: number;
  display: string;
}

/** An uploaded area while it lives; 404 with Upload.errors.notFound once it is gone. */
export async function getUploadedArea(db: Queryable, id: string): Promise<UploadedArea> {
  const [row] = await db.query<StoredRow>(
    `SELECT id::text AS id, name, area_km2, details, expires_at, ST_XMin(geom) AS west, ST_YMin(geom) AS south,
            ST_XMax(geom) AS east, ST_YMax(geom) AS north,
            ST_AsGeoJSON(CASE WHEN ST_NPoints(geom) <= $2::int THEN geom
              ELSE ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_SimplifyPreserveTopology(geom,
                     sqrt(power(ST_XMax(geom) - ST_XMin(geom), 2) + power(ST_YMax(geom) - ST_YMin(geom), 2)) / 2000)), 3)) END, 6) AS display
       FROM catalogue_uploads WHERE id = $1::uuid AND kind = 'area' AND expires_at > now()`,
    [id, AREA_UPLOAD_LIMITS.displayVertices],
  );
  if (!row) throw new ApiError(API_CODES.NOT_FOUND, uploadErrorKey('notFound'), {}, 404);
  const details = (typeof row.details === 'string' ? JSON.parse(row.details) : row.details) as AreaDetails;
  const geometry = JSON.parse(row.display) as UploadedArea['geometry'];
  return {
    id: row.id,
    name: row.name,
    areaKm2: Number(row.area_km2),
    vertices: details.vertices,
    repaired: details.repaired,
    simplified: details.simplified,
    crs: details.crs,
    features: details.features,
    bbox: [Number(row.west), Number(row.south), Number(row.east), Number(row.north)],
    geometry,
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}
