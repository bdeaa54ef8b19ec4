/**
 * The state of a monitoring screen, kept in the URL so a view can be shared and reloaded:
 * `?module=detail&region=130000&batch=12&legend=area&from=20250101&to=20250630&stage=2&tblx=101&file=GF2&change=1,2&page=2&spot=42`.
 * Pure: parsing never throws; anything malformed falls back to the default.
 */
import { containsPattern } from '@/lib/shared/like';
import { parseCompactDate } from '@/lib/shared/spots/dates';
import { CHANGE_TYPE_VALUES, SPOT_TYPE_VALUES, STAGE_VALUES } from '@/lib/shared/spots/codes';
import { cityOfCode, codeWithin, COUNTRY_CODE, isRegionCode, provinceOfCode } from '@/lib/shared/regions/codes';

/** Map modules of a theme (spec §4); statistics is the default. A theme declares which it offers. */
export { MONITOR_MODULES, type MonitorModule } from '@/lib/shared/themes/types';
import { MONITOR_MODULES, THEME_MEASURES, type MonitorModule, type ThemeDefinition, type ThemeMeasure } from '@/lib/shared/themes/types';

/** Modules that need login and a regionId area range (spec §4, §6). */
export const RANGE_MODULES: ReadonlySet<MonitorModule> = new Set(['detail', 'grid', 'sequence']);

/** Statistic modes of simple themes (spec §9): statistics 1, detail 2. */
export const STATISTIC_MODE = { STATISTICS: 1, DETAIL: 2 } as const;

/** The statistics measure the map is coloured by (the theme's own measures; count and area for land cover). */
export type LegendSwitch = ThemeMeasure;

/** Grid level when unset (spec §4, §9). */
export const DEFAULT_GRID_LEVEL = 13;
/** Sequence list length (spec §9). */
export const SEQUENCE_LENGTH = 5;
/** Default page size (spec §9). */
export const DEFAULT_PAGE_SIZE = 20;

export interface MonitorState {
  module: MonitorModule;
  region: string;
  /** null: the current batch. */
  batch: string | null;
  legend: LegendSwitch;
  /** YYYYMMDD. */
  from: string | null;
  to: string | null;
  stage: string | null;
  tblx: string | null;
  file: string;
  /** Checked change types; empty means 'all'. */
  change: number[];
  page: number;
  spot: string | null;
}

export const DEFAULT_STATE: MonitorState = {
  module: 'statistics',
  region: COUNTRY_CODE,
  batch: null,
  legend: 'count',
  from: null,
  to: null,
  stage: null,
  tblx: null,
  file: '',
  change: [],
  page: 1,
  spot: null,
};

type Params = { get(name: string): string | null };

const id = (v: string | null) => (v && /^[1-9]\d{0,17}$/.test(v) ? v : null);
const date = (v: string | null) => (v && parseCompactDate(v) ? v : null);
const oneOf = (v: string | null, values: readonly string[]) => (v && values.includes(v) ? v : null);

/** The code lists a theme's URL filters are checked against (land cover's when no theme is named). */
export interface FilterCodes {
  stages: readonly string[];
  kinds: readonly string[];
  changeTypes: readonly number[];
}

const LANDCOVER_CODES: FilterCodes = { stages: STAGE_VALUES, kinds: SPOT_TYPE_VALUES, changeTypes: CHANGE_TYPE_VALUES };

/** A theme's filter codes, from its declaration. */
export function filterCodesOf(theme: ThemeDefinition): FilterCodes {
  return {
    stages: theme.stages.items.map((i) => i.value),
    kinds: theme.kinds.items.map((i) => i.value),
    changeTypes: (theme.changeTypes?.items ?? []).map((i) => Number(i.value)),
  };
}

export function parseMonitorState(params: Params, codes: FilterCodes = LANDCOVER_CODES): MonitorState {
  const active = MONITOR_MODULES.find((m) => m === params.get('module')) ?? 'statistics';
  const region = params.get('region');
  const change = (params.get('change') ?? '')
    .split(',')
    .filter((p) => /^\d$/.test(p))
    .map(Number)
    .filter((n, i, all) => codes.changeTypes.includes(n) && all.indexOf(n) === i)
    .sort();
  const page = Number(params.get('page'));
  return {
    module: active,
    region: region && isRegionCode(region) ? region : COUNTRY_CODE,
    batch: id(params.get('batch')),
    legend: THEME_MEASURES.find((m) => m === params.get('legend')) ?? 'count',
    from: date(params.get('from')),
    to: date(params.get('to')),
    stage: oneOf(params.get('stage'), codes.stages),
    tblx: oneOf(params.get('tblx'), codes.kinds),
    file: (params.get('file') ?? '').trim().slice(0, 100),
    change: change.length === codes.changeTypes.length ? [] : change,
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    spot: id(params.get('spot')),
  };
}

/** The query string of a state, leaving defaults out so shared links stay short. */
export function monitorSearch(state: MonitorState): string {
  const params = new URLSearchParams();
  if (state.module !== DEFAULT_STATE.module) params.set('module', state.module);
  if (state.region !== COUNTRY_CODE) params.set('region', state.region);
  if (state.batch) params.set('batch', state.batch);
  if (state.legend !== 'count') params.set('legend', state.legend);
  if (state.from) params.set('from', state.from);
  if (state.to) params.set('to', state.to);
  if (state.stage) params.set('stage', state.stage);
  if (state.tblx) params.set('tblx', state.tblx);
  if (state.file) params.set('file', state.file);
  if (state.change.length) params.set('change', state.change.join(','));
  if (state.page > 1) params.set('page', String(state.page));
  if (state.spot) params.set('spot', state.spot);
  const text = params.toString().replaceAll('%2C', ',');
  return text ? `?${text}` : '';
}

/** A CQL string literal: quotes doubled. */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The region part of a CQL filter (by province, city or county attribute). */
export function regionCql(region: string | null): string[] {
  if (!region || region === COUNTRY_CODE) return [];
  if (region.endsWith('0000')) return [`province = ${literal(region)}`];
  if (region.endsWith('00')) return [`city = ${literal(region)}`];
  return [`xzqdm = ${literal(region)}`];
}

/**
 * The CQL filter of the spot layer for the detail filters (DESIGN.md "Maps": xzqdm, stage, tblx,
 * batch, filename, province, city, county). The batch range becomes the batches whose quarter overlaps it.
 */
export function spotCql(options: {
  theme: string;
  region: string | null;
  batchIds: readonly string[] | null;
  stage: string | null;
  tblx: string | null;
  file: string;
  change: readonly number[];
}): string {
  const parts = [`theme = ${literal(options.theme)}`, ...regionCql(options.region)];
  if (options.batchIds) parts.push(options.batchIds.length ? `batch IN (${options.batchIds.join(', ')})` : 'batch = -1');
  if (options.stage) parts.push(`stage = ${literal(options.stage)}`);
  if (options.tblx) parts.push(`tblx = ${literal(options.tblx)}`);
  // Literal, like the list's filter (same pattern): `%`, `_` and `\` typed by the user are escaped with `\`.
  if (options.file) parts.push(`filename ILIKE ${literal(containsPattern(options.file))} ESCAPE '\\'`);
  if (options.change.length) parts.push(`change_type IN (${options.change.join(', ')})`);
  return parts.join(' AND ');
}

/** Batches whose period overlaps [from, to] (YYYYMMDD, either open); null when there is no range. */
export function batchesInRange<T extends { id: string; periodStart: string; periodEnd: string }>(
  batches: readonly T[],
  from: string | null,
  to: string | null,
): string[] | null {
  if (!from && !to) return null;
  const start = from ? parseCompactDate(from) : null;
  const end = to ? parseCompactDate(to) : null;
  return batches.filter((b) => (!start || b.periodEnd >= start) && (!end || b.periodStart <= end)).map((b) => b.id);
}

/**
 * Spec §4 scope: the current region when one of the ranges covers it (the country, the region or a
 * parent of it), otherwise null, meaning the whole assigned range.
 */
export function detailRegion(ranges: readonly string[], region: string): string | null {
  return rangeCovers(ranges, region) ? region : null;
}

/** Whether the user's area ranges cover a region (a range that is the country, the region or a parent of it). */
export function rangeCovers(ranges: readonly string[], region: string): boolean {
  return ranges.some((range) => codeWithin(region, range));
}

/** The smallest region holding every range: the range itself when there is one, else their common province or city, else the country. */
export function rangeHome(ranges: readonly string[]): string {
  const [first, ...rest] = ranges;
  if (first === undefined) return COUNTRY_CODE;
  if (rest.every((code) => code === first)) return first;
  const city = cityOfCode(first);
  if (city && ranges.every((code) => cityOfCode(code) === city)) return city;
  const province = provinceOfCode(first);
  if (ranges.every((code) => provinceOfCode(code) === province)) return province;
  return COUNTRY_CODE;
}

/**
 * The region the detail, grid and sequence modules show (spec §4 scope rule): the current region when
 * a range covers it, else the user's own range (`rangeHome`). The screen moves its region there, so
 * breadcrumb, map and list all show what the user may see instead of the whole country.
 */
export function rangeRegion(ranges: readonly string[], region: string): string {
  if (ranges.length === 0 || rangeCovers(ranges, region)) return region;
  return rangeHome(ranges);
}
