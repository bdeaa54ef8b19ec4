import 'server-only';
/**
 * The structure service of a theme with per-region crop areas (planting structure; table planting_structure,
 * migration 0024): crop areas, sown area, dominant crop and its share per region of a year, per year of one
 * region, and per child region and year. Every figure is summed, ranked and divided in SQL from the stored
 * county rows, in one statement per call: the rows are pivoted per county (one column per declared crop), then
 * each county adds to the target whose code prefix it has (2-, 4- and 6-digit prefixes), through lib/server/regions/rollup.ts as the feature statistics do.
 */
import type { Locale } from '../../../../i18n/routing';
import { API_CODES } from '../../../shared/contracts/api';
import type { CropFigures, Structure, StructureSequence, StructureTrend } from '../../../shared/contracts/plantingstructure';
import { regionPrefix } from '../../../shared/regions/codes';
import { isMonitoredRegion } from '../../../shared/spots/codes';
import type { RegionScope } from '../../../shared/spots/scope';
import type { ThemeDefinition, ThemeId } from '../../../shared/themes';
import { ApiError } from '../../api/errors';
import type { Queryable, SqlParam } from '../../db/types';
import { type FigureLevel, keyedByPrefixSql, requireRegion, targetPrefixes, targetRegions } from '../../regions/rollup';
import { BATCH_COLUMNS, type BatchRow, batchOrCurrent, listBatches, toBatch } from '../../theme-features';

/**
 * One column per declared crop (`c0`, `c1`, … in declared order): `sum(<value>) FILTER (WHERE crop = $n)`, the crop
 * codes bound as parameters. Rows are pivoted per county first, so later steps handle ~2,900 rows, not one per crop.
 */
function cropSums(crops: readonly string[], params: SqlParam[], value = 'p.area_ha'): string {
  return crops
    .map((crop, i) => {
      params.push(crop);
      return `sum(${value}) FILTER (WHERE p.crop = $${params.length}) AS c${i}`;
    })
    .join(', ');
}

const cols = (crops: readonly string[], wrap: (c: string) => string = (c) => c) => crops.map((_, i) => wrap(`c${i}`)).join(', ');

/**
 * Areas (whole hectares: demo or not, a county's crop area is not known to the square metre), sown area, the
 * dominant crop (largest area; ties in declared order) and its share in percent, of a row of crop columns.
 */
function figuresSql(crops: readonly string[], cropsParam: number): string {
  const areas = cols(crops, (c) => `coalesce(${c}, 0)`);
  const total = crops.map((_, i) => `coalesce(c${i}, 0)`).join(' + ');
  // One float column per crop (a0, a1, …): the driver reads plain columns faster than a float array.
  const areaColumns = crops.map((_, i) => `round(coalesce(c${i}, 0))::float8 AS a${i}`).join(', ');
  return `${areaColumns}, round(${total})::float8 AS total,
    (SELECT u.crop FROM unnest(ARRAY[${areas}]::float8[], $${cropsParam}::text[]) WITH ORDINALITY AS u(a, crop, o)
      WHERE u.a > 0 ORDER BY u.a DESC, u.o LIMIT 1) AS dominant,
    round((100 * greatest(${cols(crops)}) / nullif(${total}, 0))::numeric, 2)::float8 AS share`;
}

interface FiguresRow {
  /** a0, a1, …: whole hectares of each crop. */
  [area: `a${number}`]: number | null;
  total: number | null;
  dominant: string | null;
  share: number | null;
}

const cropsOf = (theme: ThemeDefinition) => theme.kinds.items.map((k) => k.value);

function toFigures(row: FiguresRow | undefined, crops: readonly string[]): CropFigures {
  if (!row || !row.total) return { areas: crops.map(() => 0), total: 0, dominant: null, share: null };
  return { areas: crops.map((_, i) => row[`a${i}`] ?? 0), total: row.total, dominant: row.dominant, share: row.share };
}

/** The stored-row filter (alias p): one region's counties, one season or the whole year. */
function rowFilter(regionCode: string, season: string | undefined, params: SqlParam[]): string[] {
  params.push(`${regionPrefix(regionCode)}%`);
  const clauses = [`p.xzqdm LIKE $${params.length}`];
  if (season) {
    params.push(season);
    clauses.push(`p.season = $${params.length}`);
  }
  return clauses;
}

/** The county rows keyed by every prefix a target can have (province, city, county), `extra` before the columns. */
const keyedSql = (crops: readonly string[], extra = '') => keyedByPrefixSql('agg', cols(crops), extra);

export async function structureStatistics(
  db: Queryable,
  theme: ThemeDefinition<ThemeId>,
  options: { batchId: string | null; regionId: string; level?: FigureLevel; season?: string; locale: Locale },
): Promise<Structure> {
  const { locale } = options;
  const region = await requireRegion(db, options.regionId, locale);
  const batch = await batchOrCurrent(db, theme.id, options.batchId, locale);
  const targets = await targetRegions(db, region, options.level, locale);
  const crops = cropsOf(theme);

  const params: SqlParam[] = [batch?.id ?? '0'];
  const clauses = ['p.batch_id = $1::bigint', ...rowFilter(region.code, options.season, params)];
  const sums = cropSums(crops, params);
  params.push(targetPrefixes(targets));
  const targetsParam = params.length;
  params.push(crops);
  const rows = await db.query<FiguresRow & { k: string }>(
    `WITH agg AS (SELECT p.xzqdm, ${sums} FROM planting_structure p WHERE ${clauses.join(' AND ')} GROUP BY p.xzqdm),
     keyed AS (${keyedSql(crops)} UNION ALL SELECT '*', ${cols(crops)} FROM agg),
     per AS (SELECT k, ${cols(crops, (c) => `sum(${c}) AS ${c}`)} FROM keyed WHERE k = ANY ($${targetsParam}::text[]) OR k = '*' GROUP BY k)
     SELECT k, ${figuresSql(crops, params.length)} FROM per`,
    params,
  );
  const byPrefix = new Map(rows.map((r) => [r.k, r]));
  return {
    batch,
    region,
    level: options.level ?? targets[0]?.level ?? region.level,
    season: options.season ?? null,
    crops,
    items: targets.map((t) => ({
      code: t.code,
      name: t.name,
      monitored: isMonitoredRegion(t.code),
      ...toFigures(byPrefix.get(regionPrefix(t.code)), crops),
    })),
    total: toFigures(byPrefix.get('*'), crops),
  };
}

export async function structureTrend(
  db: Queryable,
  theme: ThemeDefinition<ThemeId>,
  options: { regionId: string; season?: string; locale: Locale },
): Promise<StructureTrend> {
  const region = await requireRegion(db, options.regionId, options.locale);
  const crops = cropsOf(theme);
  const params: SqlParam[] = [theme.id];
  const clauses = rowFilter(region.code, options.season, params);
  const sums = cropSums(crops, params);
  params.push(crops);
  const rows = await db.query<BatchRow & FiguresRow>(
    `WITH per AS (
       SELECT p.batch_id, ${sums}
       FROM planting_structure p JOIN spot_batches pb ON pb.id = p.batch_id AND pb.theme = $1
       WHERE ${clauses.join(' AND ')} GROUP BY p.batch_id
     ), f AS (SELECT batch_id, ${figuresSql(crops, params.length)} FROM per)
     SELECT ${BATCH_COLUMNS}, f.*
     FROM spot_batches b LEFT JOIN f ON f.batch_id = b.id
     WHERE b.theme = $1 ORDER BY b.quarter`,
    params,
  );
  return {
    region,
    season: options.season ?? null,
    crops,
    series: rows.map((r) => ({ batch: toBatch(r, options.locale), ...toFigures(r, crops) })),
  };
}

/**
 * The figures of each child region of a region in every year, for a caller whose area ranges cover the
 * region (spec §4: the sequence module shows the scope of a range); a region outside them is refused.
 */
export async function structureSequence(
  db: Queryable,
  theme: ThemeDefinition<ThemeId>,
  options: { regionId: string; season?: string; scope: RegionScope; locale: Locale },
): Promise<StructureSequence> {
  const { locale } = options;
  const region = await requireRegion(db, options.regionId, locale);
  const prefix = regionPrefix(region.code);
  if (options.scope !== null && !options.scope.some((range) => prefix.startsWith(range)))
    throw new ApiError(API_CODES.FORBIDDEN, 'Spots.errors.outsideRange', {}, 403);
  const targets = await targetRegions(db, region, undefined, locale);
  const crops = cropsOf(theme);
  const params: SqlParam[] = [theme.id];
  const clauses = rowFilter(region.code, options.season, params);
  const sums = cropSums(crops, params);
  params.push(targetPrefixes(targets));
  const targetsParam = params.length;
  params.push(crops);
  const [batches, rows] = await Promise.all([
    listBatches(db, theme.id, locale),
    db.query<FiguresRow & { batch_id: string; k: string }>(
      `WITH agg AS (
         SELECT p.batch_id, p.xzqdm, ${sums}
         FROM planting_structure p JOIN spot_batches pb ON pb.id = p.batch_id AND pb.theme = $1
         WHERE ${clauses.join(' AND ')} GROUP BY p.batch_id, p.xzqdm
       ), keyed AS (${keyedSql(crops, 'batch_id, ')}),
       per AS (
         SELECT batch_id, k, ${cols(crops, (c) => `sum(${c}) AS ${c}`)} FROM keyed WHERE k = ANY ($${targetsParam}::text[]) GROUP BY batch_id, k
       )
       SELECT batch_id::text AS batch_id, k, ${figuresSql(crops, params.length)} FROM per`,
      params,
    ),
  ]);
  const byKey = new Map(rows.map((r) => [`${r.batch_id}:${r.k}`, r]));
  return {
    region,
    season: options.season ?? null,
    crops,
    batches,
    items: targets.map((t) => ({
      code: t.code,
      name: t.name,
      years: batches.map((b) => toFigures(byKey.get(`${b.id}:${regionPrefix(t.code)}`), crops)),
    })),
  };
}
