/**
 * The spot statistics screen's state in the URL (`?region=130000&level=county&from=2025Q3&to=2026Q2&map=landcover`):
 * parsed leniently (anything unknown falls back to its default), written back leaving defaults out.
 */
import { COUNTRY_CODE, isRegionCode, levelOfCode } from '@/lib/shared/regions/codes';

export type LevelChoice = 'children' | 'province' | 'city' | 'county';

export interface SpotScreenState {
  region: string;
  level: LevelChoice;
  /** Both or neither: the newest quarter with figures. */
  from: string | null;
  to: string | null;
  /** What the map colours: a theme's count (its id) or the verification cases. */
  map: string;
}

export const CASES_MEASURE = 'cases';

type Params = { get(name: string): string | null };

const QUARTER = /^\d{4}Q[1-4]$/;

/** The levels that can be listed inside `region` besides its own children. */
export function levelChoices(region: string): LevelChoice[] {
  switch (levelOfCode(region)) {
    case 'country':
      return ['children', 'city', 'county'];
    case 'province':
      return ['children', 'county'];
    default:
      return ['children'];
  }
}

export function parseSpotState(params: Params): SpotScreenState {
  const region = params.get('region');
  const code = region && isRegionCode(region) ? region : COUNTRY_CODE;
  const level = levelChoices(code).find((l) => l === params.get('level')) ?? 'children';
  const from = params.get('from');
  const to = params.get('to');
  const period = from && to && QUARTER.test(from) && QUARTER.test(to) && from <= to ? { from, to } : { from: null, to: null };
  const map = params.get('map');
  return { region: code, level, ...period, map: map && /^[a-z_]{2,30}$/.test(map) ? map : CASES_MEASURE };
}

export function spotSearch(state: SpotScreenState): string {
  const params = new URLSearchParams();
  if (state.region !== COUNTRY_CODE) params.set('region', state.region);
  if (state.level !== 'children' && levelChoices(state.region).includes(state.level)) params.set('level', state.level);
  if (state.from && state.to) {
    params.set('from', state.from);
    params.set('to', state.to);
  }
  if (state.map !== CASES_MEASURE) params.set('map', state.map);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A theme screen's address for a region and batch (components/monitor/monitor-state.ts reads `region` and `batch`). */
export function themeHref(path: string, region: string, batchId: string | null): string {
  const params = new URLSearchParams();
  if (region !== COUNTRY_CODE) params.set('region', region);
  if (batchId) params.set('batch', batchId);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** `2026Q2` → year and quarter number, for the label message. */
export const quarterParts = (quarter: string) => ({ year: quarter.slice(0, 4), q: quarter.slice(5) });
