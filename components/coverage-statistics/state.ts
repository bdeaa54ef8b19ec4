/**
 * The state of the coverage statistics screen (issue 36.1), kept in the URL so a view can be shared and reloaded:
 * `?region=130000&level=city&unit=quarter&from=2026Q1&to=2026Q2&vs=2025Q4&cloud=30&groups=cn-optical&res=high&kind=optical&measure=coveredPct&map=diff`.
 * Pure: parsing never throws; anything malformed falls back to the default. Also the figures the screen derives
 * from the API's answers: the period strings the API takes, the comparison period, the differences and their legend.
 */
import {
  COVERAGE_STATS_LIMITS,
  monthSpan,
  parsePeriod,
  RESOLUTION_CLASSES,
  SCENE_KINDS,
  type CoverageMeasures,
  type MonthRange,
  type ResolutionClassId,
} from '@/lib/shared/contracts/coverage-statistics';
import { MISSION_GROUPS, type MissionGroup } from '@/lib/shared/catalogue/missions';
import { rampColor } from '@/lib/shared/map/legend';
import { childLevelOf, codeWithin, COUNTRY_CODE, isRegionCode, levelOfCode } from '@/lib/shared/regions/codes';

export type PeriodUnit = 'month' | 'quarter' | 'year';
export const PERIOD_UNITS: readonly PeriodUnit[] = ['month', 'quarter', 'year'];

export type RegionLevelChoice = 'province' | 'city' | 'county';
export const LEVEL_CHOICES: readonly RegionLevelChoice[] = ['province', 'city', 'county'];

/** What the map is coloured by (and what the comparison subtracts). */
export const COVERAGE_MAP_MEASURES = ['coveredPct', 'effectivePct', 'scenes', 'revisit', 'duplicationPct'] as const;
export type CoverageMapMeasure = (typeof COVERAGE_MAP_MEASURES)[number];

export type SceneKind = (typeof SCENE_KINDS)[number];
/** `value`: regions coloured by the measure; `diff`: by the change from the compared period; `area`: what is covered. */
export type MapMode = 'value' | 'diff' | 'area';

/** The covered-area map is drawn for a province or a smaller region (the server refuses the country). */
export const areaMapAllowed = (region: string): boolean => region !== '100000';

export interface CoverageScreenState {
  region: string;
  /** The regions listed: every region of this level inside `region`. */
  level: RegionLevelChoice;
  unit: PeriodUnit;
  /** Period terms of `unit`: `2026-05`, `2026Q2` or `2026`; `to` ≥ `from` (equal: a single period). */
  from: string;
  to: string;
  /** The start of the period to compare with (same unit and length), or null. */
  vs: string | null;
  cloud: number | null;
  groups: MissionGroup[];
  resolutions: ResolutionClassId[];
  kind: SceneKind;
  measure: CoverageMapMeasure;
  map: MapMode;
}

const RESOLUTION_IDS: readonly ResolutionClassId[] = RESOLUTION_CLASSES.map((r) => r.id);

const TERM_PATTERN: Record<PeriodUnit, RegExp> = {
  month: /^\d{4}-(0[1-9]|1[0-2])$/,
  quarter: /^\d{4}Q[1-4]$/,
  year: /^\d{4}$/,
};

export function isTerm(unit: PeriodUnit, term: string): boolean {
  return TERM_PATTERN[unit].test(term) && Number(term.slice(0, 4)) >= COVERAGE_STATS_LIMITS.minYear;
}

/** The term of `unit` holding a month (`YYYY-MM`). */
export function termOfMonth(unit: PeriodUnit, month: string): string {
  const year = month.slice(0, 4);
  if (unit === 'year') return year;
  if (unit === 'quarter') return `${year}Q${Math.ceil(Number(month.slice(5, 7)) / 3)}`;
  return month.slice(0, 7);
}

/** A term moved by `n` steps of its unit (negative: earlier). */
export function shiftTerm(unit: PeriodUnit, term: string, n: number): string {
  const year = Number(term.slice(0, 4));
  if (unit === 'year') return String(year + n);
  const per = unit === 'quarter' ? 4 : 12;
  const index = unit === 'quarter' ? Number(term.slice(5)) - 1 : Number(term.slice(5, 7)) - 1;
  const total = year * per + index + n;
  const y = Math.floor(total / per);
  const i = total - y * per;
  return unit === 'quarter' ? `${y}Q${i + 1}` : `${y}-${String(i + 1).padStart(2, '0')}`;
}

/** Steps of `unit` from `from` to `to` (0: the same term). */
export function termDistance(unit: PeriodUnit, from: string, to: string): number {
  const index = (term: string) => {
    const year = Number(term.slice(0, 4));
    if (unit === 'year') return year;
    if (unit === 'quarter') return year * 4 + Number(term.slice(5)) - 1;
    return year * 12 + Number(term.slice(5, 7)) - 1;
  };
  return index(to) - index(from);
}

/** The last complete term of `unit` before `now` (the default period: the demo catalogue ends with the last month). */
export function lastCompleteTerm(unit: PeriodUnit, now: Date): string {
  const current = termOfMonth(unit, `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`);
  return shiftTerm(unit, current, -1);
}

/** The API's period segment: one term, or `from..to`. */
export function periodSegment(from: string, to: string): string {
  return from === to ? from : `${from}..${to}`;
}

/** The months of a period (null when malformed). */
export function periodMonths(from: string, to: string): MonthRange | null {
  return parsePeriod(periodSegment(from, to));
}

/** The comparison period: as many terms as the main period, starting at `vs`. */
export function comparisonEnd(unit: PeriodUnit, from: string, to: string, vs: string): string {
  return shiftTerm(unit, vs, termDistance(unit, from, to));
}

/** Levels that can be listed inside a region: those below its own (counties not for the whole country: 2,840 of them). */
export function levelChoices(region: string): RegionLevelChoice[] {
  switch (levelOfCode(region)) {
    case 'country':
      return ['province', 'city'];
    case 'province':
      return ['city', 'county'];
    case 'city':
      return ['county'];
    default:
      return [];
  }
}

/** The API's level segment: the chosen level, or `children` where none is below (a county shows itself). */
export function levelSegment(region: string, level: RegionLevelChoice): RegionLevelChoice | 'children' {
  const choices = levelChoices(region);
  if (choices.length === 0) return 'children';
  return choices.includes(level) ? level : choices[0]!;
}

/** A level that can be listed inside `region` (the first below it when `level` cannot; kept for a county). */
export function levelOrDefault(region: string, level: RegionLevelChoice): RegionLevelChoice {
  const choices = levelChoices(region);
  return choices.length === 0 || choices.includes(level) ? level : choices[0]!;
}

export function defaultState(now: Date): CoverageScreenState {
  const term = lastCompleteTerm('quarter', now);
  return {
    region: COUNTRY_CODE,
    level: 'province',
    unit: 'quarter',
    from: term,
    to: term,
    vs: null,
    cloud: null,
    groups: [],
    resolutions: [],
    kind: 'all',
    measure: 'coveredPct',
    map: 'value',
  };
}

const listOf = <T extends string>(text: string | null, values: readonly T[]): T[] =>
  text
    ? [...new Set(text.split(','))]
        .filter((v): v is T => (values as readonly string[]).includes(v))
        .sort((a, b) => values.indexOf(a) - values.indexOf(b))
    : [];

const oneOf = <T extends string>(text: string | null, values: readonly T[], fallback: T): T =>
  text !== null && (values as readonly string[]).includes(text) ? (text as T) : fallback;

/** The screen's state from the URL's query; malformed parts take their default. */
export function parseCoverageState(search: URLSearchParams, now: Date): CoverageScreenState {
  const d = defaultState(now);
  const region = search.get('region') ?? '';
  const unit = oneOf(search.get('unit'), PERIOD_UNITS, d.unit);
  const unitDefault = lastCompleteTerm(unit, now);
  let from = search.get('from') ?? '';
  if (!isTerm(unit, from)) from = unitDefault;
  let to = search.get('to') ?? from;
  if (!isTerm(unit, to) || termDistance(unit, from, to) < 0) to = from;
  const range = periodMonths(from, to);
  if (!range || monthSpan(range) > COVERAGE_STATS_LIMITS.maxMonths) to = from;
  const vs = search.get('vs');
  const cloud = Number(search.get('cloud'));
  const level = oneOf(search.get('level'), LEVEL_CHOICES, d.level);
  const regionCode = isRegionCode(region) ? region : d.region;
  return {
    region: regionCode,
    level: levelOrDefault(regionCode, level),
    unit,
    from,
    to,
    vs: vs !== null && isTerm(unit, vs) ? vs : null,
    cloud: Number.isInteger(cloud) && cloud >= 10 && cloud <= 90 && cloud % 10 === 0 ? cloud : null,
    groups: listOf(search.get('groups'), MISSION_GROUPS),
    resolutions: listOf(search.get('res'), RESOLUTION_IDS),
    kind: oneOf(search.get('kind'), SCENE_KINDS, d.kind),
    measure: oneOf(search.get('measure'), COVERAGE_MAP_MEASURES, d.measure),
    map:
      search.get('map') === 'diff' && vs !== null && isTerm(unit, vs)
        ? 'diff'
        : search.get('map') === 'area' && areaMapAllowed(regionCode)
          ? 'area'
          : 'value',
  };
}

/** The URL query of a state: only what differs from the default, in a fixed order. */
export function coverageSearch(state: CoverageScreenState, now: Date): string {
  const d = defaultState(now);
  const p = new URLSearchParams();
  if (state.region !== d.region) p.set('region', state.region);
  if (state.level !== d.level) p.set('level', state.level);
  if (state.unit !== d.unit) p.set('unit', state.unit);
  if (state.unit !== d.unit || state.from !== d.from) p.set('from', state.from);
  if (state.to !== state.from) p.set('to', state.to);
  if (state.vs) p.set('vs', state.vs);
  if (state.cloud !== null) p.set('cloud', String(state.cloud));
  if (state.groups.length) p.set('groups', state.groups.join(','));
  if (state.resolutions.length) p.set('res', state.resolutions.join(','));
  if (state.kind !== d.kind) p.set('kind', state.kind);
  if (state.measure !== d.measure) p.set('measure', state.measure);
  if ((state.map === 'diff' && state.vs) || (state.map === 'area' && areaMapAllowed(state.region))) p.set('map', state.map);
  const qs = p.toString();
  return qs ? `?${qs}` : '';
}

/** The filters as the API's query (absent: any). */
export function filtersQuery(state: Pick<CoverageScreenState, 'cloud' | 'groups' | 'resolutions' | 'kind'>) {
  return {
    ...(state.groups.length ? { groups: state.groups.join(',') } : {}),
    ...(state.resolutions.length ? { resolutions: state.resolutions.join(',') } : {}),
    ...(state.cloud !== null ? { cloudMax: state.cloud } : {}),
    kind: state.kind,
  };
}

/**
 * The level to list after opening `code`: going down (a click on a region inside the current one), its children or
 * the deeper level shown before; going back up (the breadcrumb), its children again.
 */
export function drillLevel(code: string, current: RegionLevelChoice, from?: string): RegionLevelChoice {
  const choices = levelChoices(code);
  if (from !== undefined && from !== code && codeWithin(from, code))
    return (childLevelOf(code) as RegionLevelChoice | null) ?? choices[0] ?? current;
  if (choices.length === 0) return current;
  if (choices.includes(current)) return current;
  return (childLevelOf(code) as RegionLevelChoice | null) ?? choices[0]!;
}

/** A region's difference between the two periods: `current − previous`, null when either has no figures. */
export function difference(
  current: Pick<CoverageMeasures, CoverageMapMeasure> | undefined,
  previous: Pick<CoverageMeasures, CoverageMapMeasure> | undefined,
  measure: CoverageMapMeasure,
): number | null {
  if (!current || !previous) return null;
  return Math.round((current[measure] - previous[measure]) * 100) / 100;
}

/** Differences by region code (regions missing in either answer get none). */
export function differences<Item extends { code: string } & Pick<CoverageMeasures, CoverageMapMeasure>>(
  current: readonly Item[],
  previous: readonly Item[] | undefined,
  measure: CoverageMapMeasure,
): Map<string, number | null> {
  const before = new Map((previous ?? []).map((i) => [i.code, i]));
  return new Map(current.map((i) => [i.code, previous ? difference(i, before.get(i.code), measure) : null]));
}

export const DIFF_CLASSES = 10;

export interface DiffClass {
  from: number;
  to: number;
  label: string;
  color: string;
}

const fmt = (n: number) => (n > 0 ? `+${n.toFixed(2)}` : n.toFixed(2));

/**
 * The legend of differences: 10 equal classes from −m to +m (m = the largest absolute difference), losses in reds
 * (darkest the largest loss), gains in greens. Empty when there is no difference to classify.
 */
export function diffClasses(values: Iterable<number | null>): DiffClass[] {
  let m = 0;
  for (const v of values) if (v !== null && Number.isFinite(v)) m = Math.max(m, Math.abs(v));
  m = Math.round(m * 100) / 100;
  if (m === 0) return [{ from: 0, to: 0, label: '0.00', color: '#f1f3f5' }];
  const half = DIFF_CLASSES / 2;
  const step = m / half;
  return Array.from({ length: DIFF_CLASSES }, (_, i) => {
    const from = Math.round((-m + i * step) * 100) / 100;
    const to = i === DIFF_CLASSES - 1 ? m : Math.round((-m + (i + 1) * step) * 100) / 100;
    const color = i < half ? rampColor('red', (half - 1 - i) / (half - 1)) : rampColor('green', (i - half) / (half - 1));
    return { from, to, label: `${fmt(from)} – ${fmt(to)}`, color };
  });
}

/** The class of a difference: the last whose lower limit it reaches (the first for anything below); -1 for none. */
export function diffClassIndex(value: number | null, classes: readonly DiffClass[]): number {
  if (value === null || !Number.isFinite(value) || classes.length === 0) return -1;
  let index = 0;
  while (index + 1 < classes.length && value >= classes[index + 1]!.from) index++;
  return index;
}

/** The months of the trend: the twelve months ending with the period's last (the whole period when longer, up to 24). */
export function trendMonths(range: MonthRange): string[] {
  const count = Math.min(Math.max(monthSpan(range), 12), 24);
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) out.push(shiftTerm('month', range.to, -i));
  return out;
}
