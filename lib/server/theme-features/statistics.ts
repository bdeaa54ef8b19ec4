import 'server-only';
/**
 * Statistics of a theme's features by region and batch, and their trend over batches: counted, summed and rolled
 * up in SQL from the stored rows (lib/server/regions/rollup.ts), with the measures and counted kinds of the
 * theme's declaration.
 */
import type { Locale } from '../../../i18n/routing';
import type { SpotStatistics, SpotTrend } from '../../shared/contracts/spots';
import { regionPrefix } from '../../shared/regions/codes';
import { isMonitoredRegion } from '../../shared/spots/codes';
import type { ThemeDefinition, ThemeId } from '../../shared/themes';
import type { Queryable, SqlParam } from '../db/types';
import { type FigureLevel, keyedByPrefixSql, requireRegion, targetPrefixes, targetRegions } from '../regions/rollup';
import { BATCH_COLUMNS, type BatchRow, batchOrCurrent, toBatch } from './batches';
import { countedClause, filterClauses, MEASURE_SQL, optionalMeasures, round2, type SpotFilters } from './filters';

export async function spotStatistics(
  db: Queryable,
  theme: ThemeDefinition<ThemeId>,
  options: { batchId: string | null; regionId: string; level?: FigureLevel; filters: SpotFilters; locale: Locale },
): Promise<SpotStatistics> {
  const { locale, filters } = options;
  const region = await requireRegion(db, options.regionId, locale);
  const batch = await batchOrCurrent(db, theme.id, options.batchId, locale);
  const targetRows = await targetRegions(db, region, options.level, locale);

  const params: SqlParam[] = [];
  const clauses = [...filterClauses(theme.id, filters, params), ...countedClause(theme, filters, params)];
  params.push(batch?.id ?? '0');
  clauses.push(`s.batch_id = $${params.length}::bigint`);
  params.push(`${regionPrefix(region.code)}%`);
  clauses.push(`s.xzqdm LIKE $${params.length}`);
  params.push(targetPrefixes(targetRows));
  // Rows are grouped per county first, then each county adds to the target whose prefix it has
  // (hash joins on the 2-, 4- and 6-digit prefixes: no row-by-row LIKE).
  const sums = await db.query<{ k: string; count: number; area: number; length: number | null; capacity: number | null }>(
    `WITH agg AS (SELECT s.xzqdm, ${MEASURE_SQL} FROM spots s WHERE ${clauses.join(' AND ')} GROUP BY s.xzqdm),
     keyed AS (${keyedByPrefixSql('agg', 'n, a, l, c')})
     SELECT k, sum(n)::int AS count, ${round2('sum(a)')} AS area, ${round2('sum(l)')} AS length, ${round2('sum(c)')} AS capacity
     FROM keyed WHERE k = ANY ($${params.length}::text[]) GROUP BY k`,
    params,
  );
  const byPrefix = new Map(sums.map((r) => [r.k, r]));
  // A region outside the monitoring programme has no figures, not zero ones: clients draw it as no data.
  const items = targetRows.map((t) => {
    const sum = byPrefix.get(regionPrefix(t.code));
    return {
      code: t.code,
      name: t.name,
      count: sum?.count ?? 0,
      area: sum?.area ?? 0,
      ...optionalMeasures(theme, { length: sum?.length, capacity: sum?.capacity }),
      monitored: isMonitoredRegion(t.code),
    };
  });
  const sumOf = (pick: (i: (typeof items)[number]) => number | undefined) => items.reduce((n, i) => n + (pick(i) ?? 0), 0);
  const maxOf = (pick: (i: (typeof items)[number]) => number | undefined) => Math.max(0, ...items.map((i) => pick(i) ?? 0));
  const total = {
    count: sumOf((i) => i.count),
    area: Math.round(sumOf((i) => i.area) * 100) / 100,
    ...optionalMeasures(theme, { length: sumOf((i) => i.length), capacity: sumOf((i) => i.capacity) }),
  };
  return {
    batch,
    region,
    level: options.level ?? targetRows[0]?.level ?? region.level,
    items,
    total,
    max: {
      count: maxOf((i) => i.count),
      area: maxOf((i) => i.area),
      ...optionalMeasures(theme, { length: maxOf((i) => i.length), capacity: maxOf((i) => i.capacity) }),
    },
  };
}

export async function spotTrend(
  db: Queryable,
  theme: ThemeDefinition<ThemeId>,
  options: { regionId: string; filters: SpotFilters; locale: Locale },
): Promise<SpotTrend> {
  const region = await requireRegion(db, options.regionId, options.locale);
  const params: SqlParam[] = [];
  const clauses = [...filterClauses(theme.id, options.filters, params), ...countedClause(theme, options.filters, params)];
  params.push(`${regionPrefix(region.code)}%`);
  clauses.push(`s.xzqdm LIKE $${params.length}`);
  const partParams = [...params];
  const changeTypes = (theme.changeTypes?.items ?? []).map((c) => Number(c.value));
  params.push(changeTypes);
  const rows = await db.query<BatchRow & { count: number; area: number; length: number; capacity: number; by_change: number[] | null }>(
    `SELECT ${BATCH_COLUMNS}, coalesce(a.n, 0)::int AS count, ${round2('coalesce(a.a, 0)')} AS area,
            ${round2('coalesce(a.l, 0)')} AS length, ${round2('coalesce(a.c, 0)')} AS capacity,
            (SELECT array_agg(coalesce((a.by_change ->> t::text)::int, 0) ORDER BY o)
               FROM unnest($${params.length}::int[]) WITH ORDINALITY AS u(t, o)) AS by_change
     FROM spot_batches b
     LEFT JOIN (
       SELECT batch_id, sum(n)::int AS n, sum(a) AS a, sum(l) AS l, sum(c) AS c,
              jsonb_object_agg(coalesce(change_type, -1), n) AS by_change
       FROM (SELECT s.batch_id, s.change_type, ${MEASURE_SQL} FROM spots s WHERE ${clauses.join(' AND ')} GROUP BY s.batch_id, s.change_type) x
       GROUP BY batch_id
     ) a ON a.batch_id = b.id
     WHERE b.theme = $1
     ORDER BY b.quarter`,
    params,
  );
  // Per kind and restored or not, under the same filters: the kind breakdown and the loss net of rectification.
  partParams.push([...(theme.restored ?? [])]);
  const parts = await db.query<{ batch_id: string; tblx: string; restored: boolean; n: number; a: number }>(
    `SELECT s.batch_id::text AS batch_id, s.tblx, s.stage = ANY ($${partParams.length}::text[]) AS restored, count(*)::int AS n,
            sum(s.area_m2)::float8 AS a
     FROM spots s WHERE ${clauses.join(' AND ')} GROUP BY 1, 2, 3`,
    partParams,
  );
  const kindIndex = new Map(theme.kinds.items.map((k, i) => [k.value, i]));
  const kindsOf = new Map<string, { count: number; area: number }[]>();
  const restoredOf = new Map<string, number>();
  for (const part of parts) {
    const kinds = kindsOf.get(part.batch_id) ?? theme.kinds.items.map(() => ({ count: 0, area: 0 }));
    kindsOf.set(part.batch_id, kinds);
    const slot = kinds[kindIndex.get(part.tblx) ?? -1];
    if (slot) {
      slot.count += part.n;
      slot.area += part.a;
    }
    if (part.restored) restoredOf.set(part.batch_id, (restoredOf.get(part.batch_id) ?? 0) + part.a);
  }
  const rounded = (m2: number) => Math.round(m2 * 100) / 100;
  return {
    region,
    series: rows.map((r) => ({
      ...toBatch(r, options.locale),
      count: r.count,
      area: r.area,
      ...optionalMeasures(theme, r),
      byChangeType: r.by_change ?? [],
      byKind: (kindsOf.get(r.id) ?? theme.kinds.items.map(() => ({ count: 0, area: 0 }))).map((k) => ({
        count: k.count,
        area: rounded(k.area),
      })),
      restoredArea: rounded(restoredOf.get(r.id) ?? 0),
    })),
  };
}
