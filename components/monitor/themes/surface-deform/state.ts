/**
 * The surface deformation screen's state, kept in the URL so a shared link opens the same view: the
 * module, the product filters (missions, passes, dates, one area: the map extent, a region, an uploaded
 * area or file-name list) and page, and the point whose rate cell is read. Parsing never throws: a bad
 * value is dropped.
 */
import { SELECT_MODES, type SearchArea } from '@/lib/shared/contracts/catalogue';
import type { DeformFilter } from '@/lib/shared/contracts/surface-deform';
import { DEFORM_MISSIONS, DEFORM_PASSES } from '@/lib/shared/themes/surface-deform';

export const DEFORM_MODULES = ['products', 'rates'] as const;
export type DeformModule = (typeof DEFORM_MODULES)[number];

export type AreaChoice =
  | { kind: 'none' }
  | { kind: 'extent'; bbox: [number, number, number, number] }
  | { kind: 'region'; code: string }
  | { kind: 'shp'; uploadId: string }
  | { kind: 'file'; uploadId: string };

export interface DeformState {
  module: DeformModule;
  missions: string[];
  passes: string[];
  dateFrom: string | null;
  dateTo: string | null;
  area: AreaChoice;
  page: number;
  /** The point whose cell is read, [lon, lat]. */
  point: [number, number] | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MISSIONS: readonly string[] = DEFORM_MISSIONS.map((m) => m.value);
const PASSES: readonly string[] = DEFORM_PASSES.map((p) => p.value);

const list = (value: string | null, allowed: readonly string[]) => (value ? value.split(',').filter((v) => allowed.includes(v)) : []);

function numbers(value: string | null, n: number): number[] | null {
  if (!value) return null;
  const parts = value.split(',').map(Number);
  return parts.length === n && parts.every(Number.isFinite) ? parts : null;
}

function parseArea(params: URLSearchParams): AreaChoice {
  const bbox = numbers(params.get('bbox'), 4);
  if (bbox && bbox[0]! < bbox[2]! && bbox[1]! < bbox[3]! && bbox.every((v, i) => Math.abs(v) <= (i % 2 === 0 ? 180 : 90)))
    return { kind: 'extent', bbox: bbox as [number, number, number, number] };
  const region = params.get('region');
  if (region && /^[1-9]\d{5}$/.test(region)) return { kind: 'region', code: region };
  const shp = params.get('shp');
  if (shp && UUID.test(shp)) return { kind: 'shp', uploadId: shp };
  const file = params.get('list');
  if (file && UUID.test(file)) return { kind: 'file', uploadId: file };
  return { kind: 'none' };
}

export function parseDeformState(params: URLSearchParams): DeformState {
  const chosen = DEFORM_MODULES.find((m) => m === params.get('module')) ?? 'products';
  const dateFrom = params.get('from');
  const dateTo = params.get('to');
  const page = Number(params.get('page'));
  const point = numbers(params.get('at'), 2);
  return {
    module: chosen,
    missions: list(params.get('mission'), MISSIONS),
    passes: list(params.get('pass'), PASSES),
    dateFrom: dateFrom && DATE.test(dateFrom) ? dateFrom : null,
    dateTo: dateTo && DATE.test(dateTo) ? dateTo : null,
    area: parseArea(params),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
    point: point && Math.abs(point[0]!) <= 180 && Math.abs(point[1]!) <= 85 ? [point[0]!, point[1]!] : null,
  };
}

const round5 = (v: number) => Math.round(v * 1e5) / 1e5;

/** The query string of a state (defaults left out). */
export function deformSearch(state: DeformState): string {
  const params = new URLSearchParams();
  if (state.module !== 'products') params.set('module', state.module);
  if (state.missions.length) params.set('mission', state.missions.join(','));
  if (state.passes.length) params.set('pass', state.passes.join(','));
  if (state.dateFrom) params.set('from', state.dateFrom);
  if (state.dateTo) params.set('to', state.dateTo);
  const area = state.area;
  if (area.kind === 'extent') params.set('bbox', area.bbox.map(round5).join(','));
  if (area.kind === 'region') params.set('region', area.code);
  if (area.kind === 'shp') params.set('shp', area.uploadId);
  if (area.kind === 'file') params.set('list', area.uploadId);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.point) params.set('at', state.point.map(round5).join(','));
  // Commas need no escaping in a query: the shared link stays readable (at=116.55,39.95).
  return params.toString().replaceAll('%2C', ',');
}

function searchArea(area: AreaChoice): SearchArea | undefined {
  switch (area.kind) {
    case 'extent':
      return { mode: SELECT_MODES.EXTENT, bbox: area.bbox };
    case 'region':
      return { mode: SELECT_MODES.REGION, regionCodes: [area.code] };
    case 'shp':
      return { mode: SELECT_MODES.SHP, uploadId: area.uploadId };
    case 'file':
      return { mode: SELECT_MODES.FILE, uploadId: area.uploadId };
    case 'none':
      return undefined;
  }
}

/** The API filter of a state. */
export function deformFilterOf(state: DeformState): DeformFilter {
  const filter: DeformFilter = {};
  if (state.missions.length) filter.missions = state.missions;
  if (state.passes.length) filter.passes = state.passes;
  if (state.dateFrom) filter.dateFrom = state.dateFrom;
  if (state.dateTo) filter.dateTo = state.dateTo;
  const area = searchArea(state.area);
  if (area) filter.area = area;
  return filter;
}
