import 'server-only';
/**
 * Dissolving, repairing and storing an uploaded area (table catalogue_uploads, kind 'area'), and reading it back
 * while it lives. Before the database sees it, the area was read, bounded and checked off the request thread
 * (./prepare.ts). Then PostGIS repairs each polygon (ST_MakeValid: a bow-tie becomes two
 * triangles, a badly nested ring a hole or an island) and ST_Union dissolves everything into one multipolygon, in
 * short statements with a time bound between them (`dissolve`). Nothing is written before every check has passed.
 */
import { randomUUID } from 'node:crypto';
import { API_CODES } from '../../../shared/contracts/api';
import { CATALOGUE_LIMITS } from '../../../shared/contracts/catalogue';
import { AREA_UPLOAD_LIMITS, uploadErrorKey, type UploadedArea } from '../../../shared/contracts/uploads';
import { ApiError } from '../../api/errors';
import { pieceDeadline } from '../../db/statement-timeout';
import type { Database, Queryable } from '../../db/types';
import { coresSql, CORE_MIN_VERTICES, MAX_HULL_PARTS } from '../../regions/cores';
import type { PreparedArea } from './prepare';
import { refuse, UploadRefused } from './refusal';

interface AreaDetails {
  vertices: number;
  repaired: boolean;
  simplified: boolean;
  crs: string;
  features: number;
  format: string;
}

/** A file name fit to show: its last path segment, no control characters, at most 255 characters. */
export function displayName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return Array.from(base || 'area')
    .slice(0, 255)
    .join('');
}

interface Dissolved {
  /** Hex EWKB of the dissolved multipolygon. */
  wkb: string;
  vertices: number;
  m2: number;
  repaired: boolean;
  empty: boolean;
}

/** From this many vertices an area keeps a lighter copy for the listed scenes' shares (geom_mid). */
const MID_MIN_VERTICES = 5000;

/** Longest the database's part of an upload may take, checked between its statements (Upload.errors.tooSlow). */
export const STORE_DEADLINE_MS = 30_000;

/** The prepared area (hex WKB, ./prepare.ts) as a geometry; `$n` its parameter. */
const inputSql = (n: number) => `ST_GeomFromWKB(decode($${n}::text, 'hex'), 4326)`;
/** A hex EWKB parameter as a geometry. */
const ewkbSql = (n: number) => `ST_GeomFromEWKB(decode($${n}::text, 'hex'))`;

/**
 * PostGIS repairs each polygon (ST_MakeValid) and ST_Union dissolves them into one multipolygon — as short
 * statements, the geometry carried between them as WKB (issue 32.2: as one statement, a 99,000-vertex area held the
 * embedded database 0.6–0.7 s, and every other request with it): which polygons are invalid; the repair of those
 * only (a valid polygon is returned unchanged by ST_MakeValid); the dissolve; its measures. `next` checks the time
 * between them.
 */
async function dissolve(db: Queryable, wkb: string, next: () => void): Promise<Dissolved> {
  const [checked] = await db.query<{ invalid: number[] | null }>(
    `SELECT array_agg(p.path[1]) FILTER (WHERE NOT ST_IsValid(p.geom)) AS invalid FROM ST_Dump(${inputSql(1)}) p`,
    [wkb],
  );
  const invalid = checked?.invalid ?? [];
  next();
  let repairedParts: string[] = [];
  if (invalid.length > 0) {
    const rows = await db.query<{ g: string }>(
      `SELECT encode(ST_AsEWKB(ST_CollectionExtract(ST_MakeValid(p.geom), 3)), 'hex') AS g
         FROM ST_Dump(${inputSql(1)}) p WHERE p.path[1] = ANY ($2::int[])`,
      [wkb, invalid],
    );
    repairedParts = rows.map((r) => r.g);
    next();
  }
  const [union] = await db.query<{ g: string }>(
    `WITH parts AS (SELECT p.geom AS g FROM ST_Dump(${inputSql(1)}) p WHERE NOT (p.path[1] = ANY ($2::int[]))
                    UNION ALL SELECT ST_GeomFromEWKB(decode(x, 'hex')) FROM unnest($3::text[]) x)
     SELECT encode(ST_AsEWKB(ST_Multi(ST_CollectionExtract(ST_MakeValid(ST_Union(g)), 3))), 'hex') AS g FROM parts`,
    [wkb, invalid, repairedParts],
  );
  next();
  const [measured] = await db.query<{ vertices: number; m2: number; empty: boolean }>(
    `SELECT ST_NPoints(g) AS vertices, coalesce(ST_Area(g::geography), 0) AS m2, ST_IsEmpty(g) AS empty FROM (SELECT ${ewkbSql(1)} AS g) x`,
    [union!.g],
  );
  next();
  return { wkb: union!.g, vertices: measured!.vertices, m2: measured!.m2, empty: measured!.empty, repaired: invalid.length > 0 };
}

/** Dissolves and repairs the prepared area (./prepare.ts); stores it and answers it as the screen shows it. */
export async function storeArea(db: Database, name: string, area: PreparedArea): Promise<UploadedArea> {
  const next = pieceDeadline(STORE_DEADLINE_MS, () => new UploadRefused('tooSlow', { seconds: STORE_DEADLINE_MS / 1000 }));
  const dissolved = await dissolve(db, area.wkb, next);
  if (dissolved.empty || dissolved.m2 <= 0) return refuse('emptyArea');
  // The repair adds a vertex per crossing at most (bounded by ./prepare.ts); still, nothing over the limit is stored.
  if (dissolved.vertices > AREA_UPLOAD_LIMITS.maxVertices) return refuse('tooManyVertices', { count: dissolved.vertices });
  const final = dissolved;
  const details: AreaDetails = {
    vertices: final.vertices,
    repaired: area.closedChanged || dissolved.repaired,
    simplified: area.simplified,
    crs: area.crs,
    features: area.features,
    format: area.format,
  };
  // The lighter copy and the core/hull are computed first, each in a statement of its own that writes nothing: the
  // embedded database runs other requests' statements between them (a transaction would hold it for all of them,
  // ~5 s for a 100,000-vertex area), and only the short insert at the end is a transaction (its km² measured above).
  const geom = `(SELECT ST_GeomFromEWKB(decode($1, 'hex')) AS geom) x`;
  let mid: string | null = null;
  if (final.vertices >= MID_MIN_VERTICES) {
    // ~60 m for a county-sized area (a tenth of the cores' band): the listed shares move by far less than their
    // one decimal.
    // Two statements: the simplification (~0.2 s at 99,000 vertices), then its repair.
    const [simple] = await db.query<{ g: string }>(
      `SELECT encode(ST_AsEWKB(ST_SimplifyPreserveTopology(geom,
                greatest(0.0001, 0.0004 * greatest(ST_XMax(geom) - ST_XMin(geom), ST_YMax(geom) - ST_YMin(geom))))), 'hex') AS g
         FROM ${geom}`,
      [final.wkb],
    );
    next();
    const [row] = await db.query<{ mid: string | null }>(
      `SELECT encode(ST_AsEWKB(ST_Multi(ST_CollectionExtract(ST_MakeValid(geom), 3))), 'hex') AS mid FROM ${geom}`,
      [simple!.g],
    );
    mid = row?.mid ?? null;
    next();
  }
  // A large area gets the region search's core and hull (lib/server/regions/cores.ts), so that a search tests
  // only the footprints along its border against every vertex (a 99,000-vertex area at 1 M scenes: 9-12 s →
  // ~0.4 s). The band d: 0.4 % of the extent, at least 0.001° (~100 m).
  let cores: { core: string | null; hull: string | null } = { core: null, hull: null };
  if (final.vertices >= CORE_MIN_VERTICES) {
    const source = `SELECT 1 AS key, geom AS hi, geom AS base, ST_NumGeometries(geom) AS parts,
                           greatest(0.001, 0.004 * greatest(ST_XMax(geom) - ST_XMin(geom), ST_YMax(geom) - ST_YMin(geom))) AS d
                      FROM ${geom}`;
    const [row] = await db.query<{ core: string | null; hull: string | null }>(
      `SELECT encode(ST_AsEWKB(c.core), 'hex') AS core, encode(ST_AsEWKB(c.hull), 'hex') AS hull FROM (${coresSql(source, '$2')}) c`,
      [final.wkb, MAX_HULL_PARTS],
    );
    if (row) cores = row;
    next();
  }
  const id = randomUUID();
  const fromHex = (n: number) => `CASE WHEN $${n}::text IS NULL THEN NULL ELSE ST_GeomFromEWKB(decode($${n}::text, 'hex')) END`;
  await db.transaction(async (tx) => {
    await tx.query(`DELETE FROM catalogue_uploads WHERE expires_at <= now()`);
    await tx.query(
      `INSERT INTO catalogue_uploads (id, kind, name, expires_at, geom, area_km2, details, geom_mid, core, hull)
       SELECT $1::uuid, 'area', $2, now() + make_interval(hours => $3::int), g, $9::float8 / 1e6, $4::jsonb,
              ${fromHex(6)}, ${fromHex(7)}, ${fromHex(8)}
         FROM (SELECT ST_GeomFromEWKB(decode($5, 'hex')) AS g) x`,
      [id, displayName(name), CATALOGUE_LIMITS.uploadTtlHours, JSON.stringify(details), final.wkb, mid, cores.core, cores.hull, final.m2],
    );
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
