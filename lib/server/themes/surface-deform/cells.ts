import 'server-only';
/**
 * The rate grid of surface deformation (ADR 0015): the level-14 cell at a point, with its displacement
 * series, if it lies within the caller's area ranges (spec §4, §6: the grid needs a range; by region-code
 * prefix, as the spot detail reads are limited).
 */
import type { Locale } from '../../../../i18n/routing';
import type { DeformCell } from '../../../shared/contracts/surface-deform';
import type { RegionScope } from '../../../shared/spots/scope';
import { SURFACE_DEFORM } from '../../../shared/themes/surface-deform';
import type { Queryable } from '../../db/types';
import { nameSql } from '../../regions/names';

const LEVEL = SURFACE_DEFORM.rateGrid.cellLevel;

interface CellRow {
  x: number;
  y: number;
  xzqdm: string;
  region_name: string | null;
  rate: number;
  coherence: number;
  t0: string;
  step_days: number;
  series: number[];
  w: number;
  s: number;
  e: number;
  n: number;
}

const DAY_MS = 86_400_000;
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** The cell covering (lon, lat) within `scope` (null: the whole country), or null. */
export async function cellAt(db: Queryable, lon: number, lat: number, scope: RegionScope, locale: Locale): Promise<DeformCell | null> {
  if (scope !== null && scope.length === 0) return null;
  const name = nameSql(locale, 'r');
  const [row] = await db.query<CellRow>(
    `SELECT c.x, c.y, c.xzqdm, ${name} AS region_name, c.rate::float8 AS rate, c.coherence::float8 AS coherence,
            to_char(c.t0, 'YYYY-MM-DD') AS t0, c.step_days, c.series::float8[] AS series,
            ST_XMin(c.geom) AS w, ST_YMin(c.geom) AS s, ST_XMax(c.geom) AS e, ST_YMax(c.geom) AS n
       FROM deform_cells c LEFT JOIN regions r ON r.code = c.xzqdm
      WHERE c.x = web_mercator_tile_x($1::float8, $3::float8) AND c.y = web_mercator_tile_y($2::float8, $3::float8)
        AND ($4::text[] IS NULL OR c.xzqdm LIKE ANY (SELECT p || '%' FROM unnest($4::text[]) AS p))`,
    [lon, lat, 2 ** LEVEL, scope === null ? null : [...scope]],
  );
  if (!row) return null;
  const t0 = Date.parse(`${row.t0}T00:00:00Z`);
  return {
    level: LEVEL,
    x: row.x,
    y: row.y,
    bbox: [row.w, row.s, row.e, row.n].map((v) => round(v, 6)) as DeformCell['bbox'],
    xzqdm: row.xzqdm,
    regionName: row.region_name,
    rate: round(row.rate, 1),
    coherence: round(row.coherence, 2),
    series: row.series.map((mm, i) => ({ date: new Date(t0 + i * row.step_days * DAY_MS).toISOString().slice(0, 10), mm: round(mm, 1) })),
  };
}
