import 'server-only';
/** Grid cells (spec §4's grid module): a batch's features in the caller's area ranges, counted per Web-Mercator tile. */
import type { Locale } from '../../../i18n/routing';
import type { GridPercent } from '../../shared/contracts/spots';
import { GRID_MAX_CELLS } from '../../shared/contracts/spots';
import { percentOf, tileBounds } from '../../shared/spots/grid';
import type { RegionScope } from '../../shared/spots/scope';
import type { ThemeDefinition, ThemeId } from '../../shared/themes';
import type { Queryable, SqlParam } from '../db/types';
import { nameSql } from '../regions/names';
import { batchOrCurrent } from './batches';
import { filterClauses, round2, scopeClause, type SpotFilters } from './filters';

export async function gridPercent(
  db: Queryable,
  theme: ThemeDefinition<ThemeId>,
  options: { scope: RegionScope; batchId: string | null; level: number; filters: SpotFilters; locale: Locale },
): Promise<GridPercent> {
  const batch = await batchOrCurrent(db, theme.id, options.batchId, options.locale);
  const empty = { batch, level: options.level, spotCount: 0, area: 0, cellCount: 0, cells: [] };
  if (!batch || options.scope?.length === 0) return empty;
  const params: SqlParam[] = [];
  const clauses = filterClauses(theme.id, options.filters, params);
  const scope = scopeClause(options.scope, params);
  if (scope) clauses.push(scope);
  params.push(batch.id);
  clauses.push(`s.batch_id = $${params.length}::bigint`);
  params.push(2 ** options.level);
  const n = `$${params.length}::float8`;
  // Each cell is named after the county holding most of its spots (the smallest code on a tie), so a
  // user recognises it; the list answers at most GRID_MAX_CELLS cells.
  const rows = await db.query<{
    x: number;
    y: number;
    count: number;
    area: number;
    total: number;
    total_area: number;
    cells: number;
    region_code: string;
    region_name: string | null;
  }>(
    `WITH c AS (
       SELECT web_mercator_tile_x(ST_X(s.center), ${n}) AS x, web_mercator_tile_y(ST_Y(s.center), ${n}) AS y, s.area_m2, s.xzqdm
       FROM spots s WHERE ${clauses.join(' AND ')}
     ), g AS (
       SELECT x, y, count(*)::int AS count, sum(area_m2) AS area, mode() WITHIN GROUP (ORDER BY xzqdm) AS xzqdm FROM c GROUP BY x, y
     ), ranked AS (
       SELECT x, y, count, area, xzqdm, (sum(count) OVER ())::int AS total, sum(area) OVER () AS total_area, (count(*) OVER ())::int AS cells
       FROM g ORDER BY count DESC, x, y LIMIT ${GRID_MAX_CELLS}
     )
     SELECT g.x, g.y, g.count, ${round2('g.area')} AS area, g.total, ${round2('g.total_area')} AS total_area, g.cells,
            g.xzqdm AS region_code, ${nameSql(options.locale, 'r')} AS region_name
     FROM ranked g LEFT JOIN regions r ON r.code = g.xzqdm
     ORDER BY g.count DESC, g.x, g.y`,
    params,
  );
  const first = rows[0];
  if (!first) return empty;
  return {
    batch,
    level: options.level,
    spotCount: first.total,
    area: first.total_area,
    cellCount: first.cells,
    cells: rows.map((r) => ({
      x: r.x,
      y: r.y,
      count: r.count,
      area: r.area,
      percent: percentOf(r.count, first.total),
      bbox: tileBounds(options.level, r.x, r.y),
      regionCode: r.region_code,
      regionName: r.region_name ?? r.region_code,
    })),
  };
}
