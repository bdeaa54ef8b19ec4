import 'server-only';
/**
 * The analysis pages' series, each computed in SQL from the satellite, spacecraft and sensor tables,
 * then labelled in the caller's language. Counts are of what the portal's pages list: missions
 * (pages), their spacecraft and their sensors, not every Earth-observation satellite in orbit.
 */
import { createTranslator } from 'next-intl';
import type { Locale } from '@/i18n/routing';
import type { Analysis, AnalysisChart } from '../../shared/contracts/satellites';
import {
  MISSION_STATUSES,
  OPERATOR_TYPES,
  RESOLUTION_CLASSES,
  SATELLITE_AREAS,
  SATELLITE_GROUPS,
  SENSOR_KINDS,
  type AnalysisPage,
} from '../../shared/satellites/model';
import type { Queryable } from '../db/types';
import { messagesFor } from '../i18n';

type ChartId =
  | 'launchesByYear'
  | 'missionsByStatus'
  | 'missionsByCountry'
  | 'missionsByGroup'
  | 'sensorsByKind'
  | 'spacecraftByOperatorType'
  | 'missionsByOperatorType'
  | 'resolutionClasses'
  | 'resolutionVsSwath'
  | 'chinaCumulative'
  | 'chinaByOperatorType';

/** What a chart is before labelling: keys only. */
interface RawChart {
  id: ChartId;
  kind: AnalysisChart['kind'];
  /** How its row keys and series keys are named in the messages. */
  rowVocabulary: Vocabulary;
  seriesVocabulary: Vocabulary;
  series: readonly string[];
  rows: { key: string; values: Record<string, number> }[];
  points?: AnalysisChart['points'];
}

type Vocabulary = 'year' | 'area' | 'group' | 'status' | 'country' | 'kind' | 'operatorType' | 'resolutionClass' | 'measure';

const AREA_SERIES = SATELLITE_AREAS;
const STATUS_KEYS = [...MISSION_STATUSES, 'unknown'] as const;

/** Rows of `SELECT key, <series…>` as chart rows. */
function toRows(rows: Record<string, unknown>[], series: readonly string[]): RawChart['rows'] {
  return rows.map((r) => ({ key: String(r.key), values: Object.fromEntries(series.map((s) => [s, Number(r[s] ?? 0)])) }));
}

/** Spacecraft launched per year (every year in the range), split by a column of `satellites`. */
async function spacecraftPerYear(db: Queryable, splitColumn: 'area' | 'operator_type', keys: readonly string[], area: string | null) {
  const rows = await db.query<{ year: number; split: string | null; n: number }>(
    `WITH listed AS (
       SELECT m.launch_year, CASE WHEN $2::text = 'area' THEN s.area ELSE s.operator_type END AS split
       FROM satellite_members m JOIN satellites s ON s.slug = m.satellite_slug
       WHERE m.launch_year IS NOT NULL AND ($1::text IS NULL OR s.area = $1)
     ), years AS (
       SELECT generate_series(min(launch_year)::int, max(launch_year)::int) AS year FROM listed
     )
     SELECT y.year, l.split, count(l.launch_year)::int AS n
     FROM years y LEFT JOIN listed l ON l.launch_year = y.year
     GROUP BY y.year, l.split ORDER BY y.year`,
    [area, splitColumn],
  );
  const byYear = new Map<number, Record<string, number>>();
  for (const r of rows) {
    const values = byYear.get(r.year) ?? Object.fromEntries(keys.map((k) => [k, 0]));
    if (r.split !== null) values[r.split] = r.n;
    byYear.set(r.year, values);
  }
  return [...byYear].map(([year, values]) => ({ key: String(year), values }));
}

const CHARTS: Record<AnalysisPage, (db: Queryable) => Promise<RawChart[]>> = {
  'general-statistic': async (db) => {
    const status = await db.query<Record<string, unknown>>(
      `SELECT k.key, count(s.slug) FILTER (WHERE s.area = 'cn')::int AS cn, count(s.slug) FILTER (WHERE s.area = 'global')::int AS global
       FROM unnest($1::text[]) WITH ORDINALITY AS k(key, ord)
       LEFT JOIN satellites s ON COALESCE(s.status, 'unknown') = k.key
       GROUP BY k.key, k.ord ORDER BY k.ord`,
      [STATUS_KEYS],
    );
    return [
      {
        id: 'launchesByYear',
        kind: 'stacked-bar',
        rowVocabulary: 'year',
        seriesVocabulary: 'area',
        series: AREA_SERIES,
        rows: await spacecraftPerYear(db, 'area', AREA_SERIES, null),
      },
      {
        id: 'missionsByStatus',
        kind: 'stacked-bar',
        rowVocabulary: 'status',
        seriesVocabulary: 'area',
        series: AREA_SERIES,
        rows: toRows(status, AREA_SERIES),
      },
    ];
  },

  'country-analysis': async (db) => {
    const series = ['missions', 'spacecraft', 'active'] as const;
    const rows = await db.query<Record<string, unknown>>(
      `SELECT c AS key, count(DISTINCT s.slug)::int AS missions, count(m.satellite_slug)::int AS spacecraft,
              count(m.satellite_slug) FILTER (WHERE m.status = 'active')::int AS active
       FROM satellites s CROSS JOIN LATERAL unnest(s.countries) AS c
       LEFT JOIN satellite_members m ON m.satellite_slug = s.slug
       GROUP BY c ORDER BY missions DESC, spacecraft DESC, c`,
    );
    return [
      { id: 'missionsByCountry', kind: 'bar', rowVocabulary: 'country', seriesVocabulary: 'measure', series, rows: toRows(rows, series) },
    ];
  },

  'categories-statistic': async (db) => {
    const groups = await db.query<Record<string, unknown>>(
      `SELECT k.key, count(s.slug) FILTER (WHERE s.area = 'cn')::int AS cn, count(s.slug) FILTER (WHERE s.area = 'global')::int AS global
       FROM unnest($1::text[]) WITH ORDINALITY AS k(key, ord) LEFT JOIN satellites s ON s.sat_group = k.key
       GROUP BY k.key, k.ord ORDER BY k.ord`,
      [SATELLITE_GROUPS],
    );
    const kinds = await db.query<Record<string, unknown>>(
      `SELECT k.key, count(x.satellite_slug) FILTER (WHERE s.area = 'cn')::int AS cn,
              count(x.satellite_slug) FILTER (WHERE s.area = 'global')::int AS global
       FROM unnest($1::text[]) WITH ORDINALITY AS k(key, ord)
       LEFT JOIN satellite_sensors x ON x.kind = k.key LEFT JOIN satellites s ON s.slug = x.satellite_slug
       GROUP BY k.key, k.ord HAVING count(x.satellite_slug) > 0 ORDER BY k.ord`,
      [SENSOR_KINDS],
    );
    return [
      {
        id: 'missionsByGroup',
        kind: 'stacked-bar',
        rowVocabulary: 'group',
        seriesVocabulary: 'area',
        series: AREA_SERIES,
        rows: toRows(groups, AREA_SERIES),
      },
      {
        id: 'sensorsByKind',
        kind: 'stacked-bar',
        rowVocabulary: 'kind',
        seriesVocabulary: 'area',
        series: AREA_SERIES,
        rows: toRows(kinds, AREA_SERIES),
      },
    ];
  },

  'investment-pattern-analysis': async (db) => {
    const missions = await db.query<Record<string, unknown>>(
      `SELECT k.key, count(s.slug) FILTER (WHERE s.area = 'cn')::int AS cn, count(s.slug) FILTER (WHERE s.area = 'global')::int AS global
       FROM unnest($1::text[]) WITH ORDINALITY AS k(key, ord) LEFT JOIN satellites s ON s.operator_type = k.key
       GROUP BY k.key, k.ord ORDER BY k.ord`,
      [OPERATOR_TYPES],
    );
    return [
      {
        id: 'spacecraftByOperatorType',
        kind: 'stacked-bar',
        rowVocabulary: 'year',
        seriesVocabulary: 'operatorType',
        series: OPERATOR_TYPES,
        rows: await spacecraftPerYear(db, 'operator_type', OPERATOR_TYPES, null),
      },
      {
        id: 'missionsByOperatorType',
        kind: 'stacked-bar',
        rowVocabulary: 'operatorType',
        seriesVocabulary: 'area',
        series: AREA_SERIES,
        rows: toRows(missions, AREA_SERIES),
      },
    ];
  },

  'level-contrast': async (db) => {
    const classes = await db.query<Record<string, unknown>>(
      `SELECT c.key, count(x.satellite_slug) FILTER (WHERE s.area = 'cn')::int AS cn,
              count(x.satellite_slug) FILTER (WHERE s.area = 'global')::int AS global
       FROM unnest($1::text[], $2::float8[], $3::float8[]) WITH ORDINALITY AS c(key, above, upto, ord)
       LEFT JOIN satellite_sensors x ON x.best_resolution_m > c.above AND x.best_resolution_m <= c.upto
       LEFT JOIN satellites s ON s.slug = x.satellite_slug
       GROUP BY c.key, c.ord ORDER BY c.ord`,
      [
        RESOLUTION_CLASSES.map((c) => c.key),
        RESOLUTION_CLASSES.map((_, i) => (i === 0 ? 0 : (RESOLUTION_CLASSES[i - 1]!.max ?? 0))),
        RESOLUTION_CLASSES.map((c) => c.max ?? 1e9),
      ],
    );
    const points = await db.query<{ label: string; series: string; x: number; y: number }>(
      `SELECT s.short_name || ' ' || x.code AS label, s.area AS series, x.best_resolution_m AS x, x.swath_km AS y
       FROM satellite_sensors x JOIN satellites s ON s.slug = x.satellite_slug
       WHERE x.best_resolution_m IS NOT NULL AND x.swath_km IS NOT NULL
       ORDER BY x.best_resolution_m, x.swath_km, s.sort, x.sort`,
    );
    return [
      {
        id: 'resolutionClasses',
        kind: 'bar',
        rowVocabulary: 'resolutionClass',
        seriesVocabulary: 'area',
        series: AREA_SERIES,
        rows: toRows(classes, AREA_SERIES),
      },
      { id: 'resolutionVsSwath', kind: 'scatter', rowVocabulary: 'area', seriesVocabulary: 'area', series: AREA_SERIES, rows: [], points },
    ];
  },

  'development-plan': async (db) => {
    const rows = await db.query<{ year: number; grp: string; cumulative: number }>(
      `WITH listed AS (
         SELECT m.launch_year, s.sat_group FROM satellite_members m JOIN satellites s ON s.slug = m.satellite_slug
         WHERE s.area = 'cn' AND m.launch_year IS NOT NULL
       ), years AS (
         SELECT generate_series(min(launch_year)::int, max(launch_year)::int) AS year FROM listed
       ), groups AS (
         SELECT DISTINCT sat_group AS grp FROM listed
       ), per_year AS (
         SELECT y.year, g.grp, count(l.launch_year) AS n
         FROM years y CROSS JOIN groups g LEFT JOIN listed l ON l.launch_year = y.year AND l.sat_group = g.grp
         GROUP BY y.year, g.grp
       )
       SELECT year, grp, (sum(n) OVER (PARTITION BY grp ORDER BY year))::int AS cumulative FROM per_year ORDER BY year, grp`,
    );
    const groups = SATELLITE_GROUPS.filter((g) => rows.some((r) => r.grp === g));
    const byYear = new Map<number, Record<string, number>>();
    for (const r of rows) byYear.set(r.year, { ...byYear.get(r.year), [r.grp]: r.cumulative });
    return [
      {
        id: 'chinaCumulative',
        kind: 'line',
        rowVocabulary: 'year',
        seriesVocabulary: 'group',
        series: groups,
        rows: [...byYear].map(([year, values]) => ({ key: String(year), values })),
      },
      {
        id: 'chinaByOperatorType',
        kind: 'stacked-bar',
        rowVocabulary: 'year',
        seriesVocabulary: 'operatorType',
        series: OPERATOR_TYPES.filter((t) => t !== 'public-private'),
        rows: (await spacecraftPerYear(db, 'operator_type', OPERATOR_TYPES, 'cn')).map((r) => ({
          key: r.key,
          values: { government: r.values.government ?? 0, commercial: r.values.commercial ?? 0 },
        })),
      },
    ];
  },
};

async function totals(db: Queryable): Promise<Analysis['totals']> {
  const [row] = await db.query<Analysis['totals']>(
    `SELECT (SELECT count(*)::int FROM satellites) AS missions,
            (SELECT count(*)::int FROM satellite_members) AS spacecraft,
            (SELECT count(*)::int FROM satellite_members WHERE status = 'active') AS "activeSpacecraft",
            (SELECT count(*)::int FROM satellite_sensors) AS sensors`,
  );
  return row!;
}

/** One analysis page: its charts computed in SQL, labelled in `locale`. */
export async function getAnalysis(db: Queryable, page: AnalysisPage, locale: Locale): Promise<Analysis> {
  const messages = messagesFor(locale);
  const t = createTranslator({ locale, messages, namespace: 'SatelliteAnalysis' });
  const s = createTranslator({ locale, messages, namespace: 'Satellites' });
  const label = (vocabulary: Vocabulary, key: string): string => {
    switch (vocabulary) {
      case 'year':
        return key;
      case 'area':
        return s(`area.${key as 'cn' | 'global'}`);
      case 'group':
        return s(`group.${key as (typeof SATELLITE_GROUPS)[number]}`);
      case 'status':
        return s(`status.${key as (typeof STATUS_KEYS)[number]}`);
      case 'country':
        return s(`country.${key as 'CN'}`);
      case 'kind':
        return s(`kind.${key as (typeof SENSOR_KINDS)[number]}`);
      case 'operatorType':
        return s(`operatorType.${key as (typeof OPERATOR_TYPES)[number]}`);
      case 'resolutionClass':
        return t(`resolutionClass.${key as (typeof RESOLUTION_CLASSES)[number]['key']}`);
      case 'measure':
        return t(`measure.${key as 'missions' | 'spacecraft' | 'active'}`);
    }
  };
  const raw = await CHARTS[page](db);
  return {
    page,
    title: t(`pages.${page}.title`),
    intro: t(`pages.${page}.intro`),
    totals: await totals(db),
    charts: raw.map((c) => ({
      id: c.id,
      kind: c.kind,
      title: t(`charts.${c.id}.title`),
      explanation: t(`charts.${c.id}.explanation`),
      xLabel: t(`charts.${c.id}.x`),
      yLabel: t(`charts.${c.id}.y`),
      series: c.series.map((key) => ({ key, label: label(c.seriesVocabulary, key) })),
      rows: c.rows.map((r) => ({ key: r.key, label: label(c.rowVocabulary, r.key), values: r.values })),
      points: c.points ?? [],
    })),
  };
}
