import 'server-only';
/**
 * The portal's image query (/api/normal/v5/normalmeta): a page of scenes with the total, every matching
 * id up to a cap, scenes by file name, one scene. The WHERE clauses come from the shared query builder
 * (./query.ts), so the STAC API and the map layers select exactly the same scenes.
 *
 * Coverage (`coveragePct`) is the share of the search area a scene covers, geodesic (geography areas).
 * It is computed for the rows of the page only, except when the results are sorted by it.
 */
import type { AllIds, Scene, SceneFilter, ScenePage, SceneSearch } from '../../shared/contracts/catalogue';
import { CATALOGUE_LIMITS, SELECT_MODES } from '../../shared/contracts/catalogue';
import { API_CODES } from '../../shared/contracts/api';
import { ApiError } from '../api/errors';
import type { Database, Queryable, SqlParam } from '../db/types';
import { pieceDeadline } from '../db/statement-timeout';
import { containsPattern } from '../db/like';
import { regionShares } from './region-shares';
import { areaGeometrySql, checkArea } from '../areas';
import { whereSql } from '../db/where';
import { SCENE_COLUMNS, sceneConditions, toScene, type SceneRow } from './query';

function orderSql(sort: SceneSearch['sort'], order: SceneSearch['order']): string {
  const dir = order === 'asc' ? 'ASC' : 'DESC';
  switch (sort) {
    case 'cloud':
      // Radar scenes (no cloud figure) count as clear: first when ascending.
      return `coalesce(s.cloud_pct, 0) ${dir}, s.acquired_at DESC, s.id DESC`;
    case 'coverage':
      return `coverage ${dir} NULLS LAST, s.acquired_at DESC, s.id DESC`;
    default:
      return `s.acquired_at ${dir}, s.id ${dir}`;
  }
}

async function countScenes(db: Queryable, filter: SceneFilter): Promise<number> {
  const params: SqlParam[] = [];
  const where = whereSql(sceneConditions({ filter }, params));
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM scenes s ${where}`, params);
  return row?.n ?? 0;
}

type CoverageRow = SceneRow & { coverage: number | null };

/** The geodesic share of the area each of `ids` covers. */
async function coverageOf(db: Queryable, filter: SceneFilter, ids: readonly string[]): Promise<Map<string, number>> {
  const params: SqlParam[] = [];
  const area = areaGeometrySql(filter.area, params);
  if (!area || ids.length === 0) return new Map();
  params.push(ids);
  const rows = await db.query<{ id: string; coverage: number | null }>(
    `WITH a AS MATERIALIZED (SELECT g, ST_Area(g::geography) AS m2 FROM (SELECT ${area} AS g) x)
     SELECT s.id, 100 * ST_Area(ST_Intersection(s.footprint, a.g)::geography) / nullif(a.m2, 0) AS coverage
       FROM scenes s, a WHERE s.id = ANY ($${params.length}::text[])`,
    params,
  );
  return new Map(rows.filter((r) => r.coverage !== null).map((r) => [r.id, Math.min(100, r.coverage!)]));
}

export async function searchScenes(db: Database, search: SceneSearch): Promise<ScenePage> {
  const { filter, sort, pageNum, pageSize } = search;
  await checkArea(db, filter);
  const regions = severalRegions(filter);
  if (regions && sort !== 'coverage') {
    const { total, rows } = await regionPage(db, search, regions);
    const shares = await regionPageShares(db, filter, rows);
    const list = rows.map((r) => {
      const share = shares.get(r.id);
      return toScene(r, share === null || share === undefined ? null : Math.min(100, share));
    });
    return { list, total, pageNum, pageSize };
  }
  // The total and the page are independent statements: on PostgreSQL they run on two connections at
  // once, so the answer waits for the slower of the two, not their sum (an area search spends most of
  // its time in each testing the same candidates). The embedded database runs them one after the other.
  if (scansByShape(filter) && sort !== 'coverage') {
    const answer = await pageWithTotal(db, search);
    const rows = answer.filter((r): r is CoverageRow & { total: number } => r.id !== null);
    const shares = await regionPageShares(db, filter, rows);
    const list = rows.map((r) => {
      const share = shares.get(r.id) ?? r.coverage;
      return toScene(r, share === null || share === undefined ? null : Math.min(100, share));
    });
    return { list, total: answer[0]?.total ?? 0, pageNum, pageSize };
  }
  if (sort === 'coverage' && filter.area) {
    // Refused up front: the sort measures every match before it can cut a page (CATALOGUE_LIMITS).
    const total = await countScenes(db, filter);
    const max = CATALOGUE_LIMITS.coverageSortMaxMatches;
    if (total > max) throw new ApiError(API_CODES.INVALID_INPUT, 'Catalogue.errors.coverageSortTooMany', { max, total });
    const rows = await pageRows(db, search);
    return { list: rows.map((r) => toScene(r, r.coverage === null ? null : Math.min(100, r.coverage))), total, pageNum, pageSize };
  }
  const [total, rows] = await Promise.all([countScenes(db, filter), pageRows(db, search)]);
  const coverage = await coverageOf(
    db,
    filter,
    rows.map((r) => r.id),
  );
  const list = rows.map((r) => toScene(r, coverage.get(r.id) ?? null));
  return { list, total, pageNum, pageSize };
}

/** The distinct region codes of a search over more than one region (null otherwise). */
function severalRegions(filter: SceneFilter): string[] | null {
  if (filter.area?.mode !== SELECT_MODES.REGION) return null;
  const codes = [...new Set(filter.area.regionCodes)];
  return codes.length > 1 ? codes : null;
}

/** Longest a search over several regions may take, checked between its pieces (Catalogue.errors.tooSlow). */
export const REGION_SEARCH_BUDGET_MS = 20_000;

/**
 * A search over several regions, one region a statement (issue 32.2). As one statement it tested each footprint
 * against the union of the regions' full-resolution boundaries, and that union alone cost seconds: five large
 * provinces (~41,000 of 100,000 scenes) held the embedded database 1.4–1.8 s, where each province alone is a
 * statement of 70–270 ms through its own core and hull (lib/server/areas/sql.ts). A footprint meets the union
 * exactly when it meets one of the regions, so each piece lists the ids matching one region in the search's
 * order; the total counts the distinct ids, and the page is cut, in SQL and in the same order, from the first
 * (offset + page size) of every region's list — the page's rows are among them. Other requests' statements run
 * between the pieces; past REGION_SEARCH_BUDGET_MS the search stops with Catalogue.errors.tooSlow.
 */
async function regionPieces(
  db: Queryable,
  filter: SceneFilter,
  codes: readonly string[],
  orderBy: string,
  keep: number,
): Promise<{ total: number; candidates: string[] }> {
  const checkTime = pieceDeadline(REGION_SEARCH_BUDGET_MS, tooSlow);
  const matched = new Set<string>();
  const candidates = new Set<string>();
  for (const code of codes) {
    checkTime();
    const params: SqlParam[] = [];
    const where = whereSql(sceneConditions({ filter: { ...filter, area: { mode: SELECT_MODES.REGION, regionCodes: [code] } } }, params));
    const ids = await db.query<{ id: string }>(`SELECT s.id FROM scenes s ${where} ORDER BY ${orderBy}`, params);
    for (const [i, { id }] of ids.entries()) {
      matched.add(id);
      if (i < keep) candidates.add(id);
    }
  }
  checkTime();
  return { total: matched.size, candidates: [...candidates] };
}

/** A page of a search over several regions (regionPieces). */
async function regionPage(db: Queryable, search: SceneSearch, codes: readonly string[]): Promise<{ total: number; rows: SceneRow[] }> {
  const { filter, sort, order, pageNum, pageSize } = search;
  const orderBy = orderSql(sort, order);
  const { total, candidates } = await regionPieces(db, filter, codes, orderBy, pageNum * pageSize);
  if (candidates.length === 0) return { total, rows: [] };
  const rows = await db.query<SceneRow>(
    `SELECT ${SCENE_COLUMNS} FROM scenes s WHERE s.id = ANY ($1::text[]) ORDER BY ${orderBy} LIMIT $2 OFFSET $3`,
    [candidates, pageSize, (pageNum - 1) * pageSize],
  );
  return { total, rows };
}

const tooSlow = () => new ApiError(API_CODES.UNAVAILABLE, 'Catalogue.errors.tooSlow', { seconds: REGION_SEARCH_BUDGET_MS / 1000 });

/**
 * A search in a shape (region, drawn or uploaded area) finds its matches through the footprint index and
 * tests each candidate against the shape; its page cannot walk an index in page order, so counting and
 * paging do the same work. Such a search runs as one statement (pageWithTotal).
 */
function scansByShape(filter: SceneFilter): boolean {
  const mode = filter.area?.mode;
  return mode === SELECT_MODES.REGION || mode === SELECT_MODES.DRAW || mode === SELECT_MODES.SHP;
}

type PageRowWithTotal = (CoverageRow & { total: number }) | { total: number; id: null };

/**
 * Total, page and the page's coverage in one statement: the matches are found once (only their id and
 * sort keys are kept), counted, the page picked from them and only its rows read in full, with the share
 * of the area each covers. Half the work of a count and a page as two statements, and one round trip.
 * One row per page row, each with the total; a page past the end is one row with the total and no scene.
 * At 1 M scenes on PostgreSQL, the province search (Henan + a year + cloud ≤ 20 %): p95 ~86 ms against
 * ~111 ms for count and page on two connections, which also kept two cores busy.
 */
async function pageWithTotal(db: Queryable, search: SceneSearch): Promise<PageRowWithTotal[]> {
  const { filter, sort, order, pageNum, pageSize } = search;
  const params: SqlParam[] = [];
  const where = whereSql(sceneConditions({ filter }, params));
  // A region's shares are measured in JavaScript afterwards (regionPageShares).
  const area = filter.area?.mode === SELECT_MODES.REGION ? null : areaGeometrySql(filter.area, params);
  params.push(pageSize, (pageNum - 1) * pageSize);
  const orderBy = orderSql(sort, order);
  const share = area ? `100 * ST_Area(ST_Intersection(s.footprint, a.g)::geography) / nullif(a.m2, 0)` : 'NULL::float8';
  return db.query<PageRowWithTotal>(
    `WITH m AS MATERIALIZED (SELECT s.id, s.acquired_at, s.cloud_pct FROM scenes s ${where}),
          p AS (SELECT s.id FROM m s ORDER BY ${orderBy} LIMIT $${params.length - 1} OFFSET $${params.length}),
          a AS MATERIALIZED (SELECT g, ST_Area(g::geography) AS m2 FROM (SELECT ${area ?? 'NULL::geometry'} AS g) x)
     SELECT t.total, x.* FROM (SELECT count(*)::int AS total FROM m) t
       LEFT JOIN LATERAL (
         SELECT ${SCENE_COLUMNS}, ${share} AS coverage
           FROM p JOIN scenes s ON s.id = p.id CROSS JOIN a ORDER BY ${orderBy}) x ON true`,
    params,
  );
}

/**
 * The shares of a REGION search's page, measured in JavaScript (lib/server/catalogue/region-shares.ts;
 * 20 overlays with a province's boundary took ~40 ms of the search); a footprint that is not convex is
 * measured by PostGIS. Empty for other areas, whose shares come with the rows.
 */
async function regionPageShares(
  db: Queryable,
  filter: SceneFilter,
  rows: ReadonlyArray<{ id: string; footprint: string }>,
): Promise<Map<string, number | null>> {
  if (filter.area?.mode !== SELECT_MODES.REGION || rows.length === 0) return new Map();
  const shares = await regionShares(db, filter.area.regionCodes, rows);
  const rest = [...shares].filter(([, v]) => v === null).map(([id]) => id);
  if (rest.length > 0) for (const [id, v] of await coverageOf(db, filter, rest)) shares.set(id, v);
  return shares;
}

/** The rows of one page; sorted by coverage they carry it (computed for every match to sort by it). */
async function pageRows(db: Queryable, search: SceneSearch): Promise<CoverageRow[]> {
  const { filter, sort, order, pageNum, pageSize } = search;
  const params: SqlParam[] = [];
  const where = whereSql(sceneConditions({ filter }, params));
  const area = sort === 'coverage' ? areaGeometrySql(filter.area, params) : null;
  params.push(pageSize, (pageNum - 1) * pageSize);
  const limit = `LIMIT $${params.length - 1} OFFSET $${params.length}`;
  if (area) {
    return db.query<CoverageRow>(
      `WITH a AS MATERIALIZED (SELECT g, ST_Area(g::geography) AS m2 FROM (SELECT ${area} AS g) x)
       SELECT ${SCENE_COLUMNS}, 100 * ST_Area(ST_Intersection(s.footprint, a.g)::geography) / nullif(a.m2, 0) AS coverage
         FROM scenes s CROSS JOIN a ${where} ORDER BY ${orderSql(sort, order)} ${limit}`,
      params,
    );
  }
  const sortKey = sort === 'coverage' ? 'time' : sort;
  return db.query<CoverageRow>(
    `SELECT ${SCENE_COLUMNS}, NULL::float8 AS coverage FROM scenes s ${where} ORDER BY ${orderSql(sortKey, order)} ${limit}`,
    params,
  );
}

/** Every matching id in time order (newest first), at most CATALOGUE_LIMITS.allIdsCap. */
export async function allSceneIds(db: Queryable, filter: SceneFilter): Promise<AllIds> {
  await checkArea(db, filter);
  const regions = severalRegions(filter);
  if (regions) {
    // One region a statement, as the search (regionPieces).
    const orderBy = orderSql('time', 'desc');
    const { total, candidates } = await regionPieces(db, filter, regions, orderBy, CATALOGUE_LIMITS.allIdsCap);
    const rows = await db.query<{ id: string }>(`SELECT s.id FROM scenes s WHERE s.id = ANY ($1::text[]) ORDER BY ${orderBy} LIMIT $2`, [
      candidates,
      CATALOGUE_LIMITS.allIdsCap,
    ]);
    return { ids: rows.map((r) => r.id), total, cap: CATALOGUE_LIMITS.allIdsCap, capped: total > CATALOGUE_LIMITS.allIdsCap };
  }
  const params: SqlParam[] = [];
  const where = whereSql(sceneConditions({ filter }, params));
  params.push(CATALOGUE_LIMITS.allIdsCap + 1);
  const rows = await db.query<{ id: string }>(
    `SELECT s.id FROM scenes s ${where} ORDER BY s.acquired_at DESC, s.id DESC LIMIT $${params.length}`,
    params,
  );
  const capped = rows.length > CATALOGUE_LIMITS.allIdsCap;
  const ids = rows.slice(0, CATALOGUE_LIMITS.allIdsCap).map((r) => r.id);
  const total = capped ? await countScenes(db, filter) : ids.length;
  return { ids, total, cap: CATALOGUE_LIMITS.allIdsCap, capped };
}

/** Scenes whose file name contains `text` (case-insensitive), newest first. */
export async function scenesByFileName(
  db: Queryable,
  options: { filename: string; pageNum: number; pageSize: number },
): Promise<ScenePage> {
  const { pageNum, pageSize } = options;
  const pattern = containsPattern(options.filename);
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM scenes s WHERE s.file_name ILIKE $1`, [pattern]);
  const total = count?.n ?? 0;
  const rows =
    total === 0
      ? []
      : await db.query<SceneRow>(
          `SELECT ${SCENE_COLUMNS} FROM scenes s WHERE s.file_name ILIKE $1 ORDER BY s.acquired_at DESC, s.id DESC LIMIT $2 OFFSET $3`,
          [pattern, pageSize, (pageNum - 1) * pageSize],
        );
  return { list: rows.map((r) => toScene(r)), total, pageNum, pageSize };
}

export async function findScene(db: Queryable, id: string): Promise<Scene> {
  const [row] = await db.query<SceneRow>(`SELECT ${SCENE_COLUMNS} FROM scenes s WHERE s.id = $1`, [id]);
  if (!row) throw new ApiError(API_CODES.NOT_FOUND, 'Catalogue.errors.sceneNotFound');
  return toScene(row);
}
