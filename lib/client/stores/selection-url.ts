/**
 * The selection mirrored in the URL, so a search can be shared and reloaded:
 *
 *   ?mode=1&regions=130000,110000&col=gf1-pms,gf2-pms&cloud=0-20&from=2026-01-01&to=2026-03-31
 *    &res=0-2&level=L1A&online=1&sort=time&order=desc&page=2&size=20&tab=2&scene=…
 *
 * `bbox=w,s,e,n` (EXTENT), `draw=lon,lat;lon,lat;…` (DRAW, the outer ring), `shp=<upload id>` (SHP),
 * `list=<upload id>` (FILE; uploads are named by id while they live on the server). `tab=2` means "the results
 * of this search": reloading runs it again on the same page. Every parameter is parsed on its own with
 * zod: a bad one is ignored (its default kept), never an error.
 */
import { z } from 'zod';
import { COLLECTIONS } from '../../shared/catalogue/missions';
import {
  areaGeometrySchema,
  bboxSchema,
  CATALOGUE_LIMITS,
  SELECT_MODES,
  SIDEBAR_TABS,
  SORT_FIELDS,
  uploadIdSchema,
  type AreaGeometry,
} from '../../shared/contracts/catalogue';
import {
  DEFAULT_FILTERS,
  INITIAL_SELECTION,
  OFFERED_MODES,
  PAGE_SIZES,
  type SceneFilters,
  type SelectionData,
  type SelectMode,
  type SidebarTab,
} from './selection-store';

/** A drawn ring longer than this is not put in the URL (browsers and servers cut long URLs). */
export const MAX_URL_VERTICES = 500;

const KNOWN_COLLECTIONS = new Set(COLLECTIONS.map((c) => c.id));
const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)));
const list = (value: string) => (value === '' ? [] : value.split(','));

const modeSchema = z.coerce.number().pipe(z.union(OFFERED_MODES.map((m) => z.literal(m))));
const tabSchema = z.coerce.number().pipe(z.union([z.literal(SIDEBAR_TABS.SELECT), z.literal(SIDEBAR_TABS.RESULT)]));
const regionsSchema = z
  .string()
  .transform(list)
  .pipe(z.array(z.string().regex(/^[1-9]\d{5}$/)).max(CATALOGUE_LIMITS.maxRegions))
  .transform((codes) => [...new Set(codes)]);
const bboxParamSchema = z
  .string()
  .transform((v) => v.split(',').map(Number))
  .pipe(bboxSchema);
const collectionsSchema = z
  .string()
  .transform(list)
  .pipe(z.array(z.string()).max(CATALOGUE_LIMITS.maxCollections))
  .transform((ids) => ids.filter((id) => KNOWN_COLLECTIONS.has(id)));
/** `a-b`, `a-` or `-b`. */
const rangeSchema = (max: number) =>
  z
    .string()
    .regex(/^(\d+(\.\d+)?)?-(\d+(\.\d+)?)?$/)
    .transform((v) => {
      const [lo, hi] = v.split('-');
      return [lo ? Number(lo) : null, hi ? Number(hi) : null] as const;
    })
    .refine(([lo, hi]) => (lo === null || lo <= max) && (hi === null || hi <= max) && (lo === null || hi === null || lo <= hi));
const levelsSchema = z
  .string()
  .transform(list)
  .pipe(z.array(z.string().regex(/^[A-Za-z0-9_-]{1,32}$/)).max(20));
const onlineSchema = z.enum(['0', '1']).transform((v) => v === '1');
const sortSchema = z.enum(SORT_FIELDS);
const orderSchema = z.enum(['asc', 'desc']);
const pageSchema = z.coerce.number().int().min(1).max(100_000);
const sizeSchema = z.coerce.number().pipe(z.union(PAGE_SIZES.map((s) => z.literal(s))));
const sceneSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/);
const drawSchema = z
  .string()
  .transform((v): AreaGeometry => {
    const ring = v.split(';').map((pair) => pair.split(',').map(Number));
    const first = ring[0];
    const last = ring[ring.length - 1];
    if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([...first]);
    return { type: 'Polygon', coordinates: [ring as [number, number][]] };
  })
  .pipe(areaGeometrySchema);

function read<T>(params: URLSearchParams, name: string, schema: z.ZodType<T>): T | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export interface ParsedSelection {
  data: SelectionData;
  /** The URL shows the results of a search: run it. */
  run: boolean;
}

/** The selection a URL describes, on top of the defaults. */
export function parseSelectionUrl(search: string | URLSearchParams): ParsedSelection {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const cloud = read(params, 'cloud', rangeSchema(100));
  const resolution = read(params, 'res', rangeSchema(10_000));
  const filters: SceneFilters = {
    ...DEFAULT_FILTERS,
    collections: read(params, 'col', collectionsSchema) ?? DEFAULT_FILTERS.collections,
    cloudMin: cloud?.[0] ?? DEFAULT_FILTERS.cloudMin,
    cloudMax: cloud?.[1] ?? DEFAULT_FILTERS.cloudMax,
    dateFrom: read(params, 'from', dateSchema) ?? null,
    dateTo: read(params, 'to', dateSchema) ?? null,
    resolutionMin: resolution?.[0] ?? null,
    resolutionMax: resolution?.[1] ?? null,
    productLevels: read(params, 'level', levelsSchema) ?? [],
    online: read(params, 'online', onlineSchema) ?? null,
  };
  if (filters.dateFrom && filters.dateTo && filters.dateFrom > filters.dateTo) filters.dateTo = null;
  const tab: SidebarTab = read(params, 'tab', tabSchema) ?? SIDEBAR_TABS.SELECT;
  const mode: SelectMode = read(params, 'mode', modeSchema) ?? SELECT_MODES.REGION;
  const data: SelectionData = {
    ...INITIAL_SELECTION,
    selectStatus: mode,
    sidebarTab: tab,
    regionCodes: read(params, 'regions', regionsSchema) ?? [],
    extent: read(params, 'bbox', bboxParamSchema) ?? null,
    geojson: read(params, 'draw', drawSchema) ?? null,
    uploadIds: { area: read(params, 'shp', uploadIdSchema) ?? null, list: read(params, 'list', uploadIdSchema) ?? null },
    filters,
    sort: read(params, 'sort', sortSchema) ?? INITIAL_SELECTION.sort,
    order: read(params, 'order', orderSchema) ?? INITIAL_SELECTION.order,
    page: read(params, 'page', pageSchema) ?? 1,
    pageSize: read(params, 'size', sizeSchema) ?? INITIAL_SELECTION.pageSize,
    selectedSceneId: read(params, 'scene', sceneSchema) ?? null,
  };
  return { data, run: tab === SIDEBAR_TABS.RESULT };
}

const num = (n: number) => String(Math.round(n * 1e6) / 1e6);
const range = (lo: number | null, hi: number | null) => `${lo === null ? '' : num(lo)}-${hi === null ? '' : num(hi)}`;

function ringParam(geometry: AreaGeometry): string | null {
  const ring = geometry.type === 'Polygon' ? geometry.coordinates[0] : geometry.coordinates[0]?.[0];
  if (!ring || ring.length > MAX_URL_VERTICES || (geometry.type === 'MultiPolygon' && geometry.coordinates.length > 1)) return null;
  if (geometry.type === 'Polygon' && geometry.coordinates.length > 1) return null;
  return ring
    .slice(0, -1)
    .map(([lon, lat]) => `${num(lon)},${num(lat)}`)
    .join(';');
}

/**
 * The query string (with `?`, or '' for the defaults) of a selection. While results are shown it
 * describes the search that produced them, so the link reproduces what is on the screen.
 */
export function selectionSearch(state: SelectionData): string {
  const source = state.submitted ?? state;
  const params = new URLSearchParams();
  if (source.selectStatus !== SELECT_MODES.REGION) params.set('mode', String(source.selectStatus));
  if (source.regionCodes.length > 0) params.set('regions', source.regionCodes.join(','));
  if (source.extent) params.set('bbox', source.extent.map(num).join(','));
  if (source.geojson) {
    const ring = ringParam(source.geojson);
    if (ring) params.set('draw', ring);
  }
  if (source.uploadIds.area) params.set('shp', source.uploadIds.area);
  if (source.uploadIds.list) params.set('list', source.uploadIds.list);
  const f = source.filters;
  if (f.collections !== null) params.set('col', f.collections.join(','));
  if (f.cloudMin > 0 || f.cloudMax < 100) params.set('cloud', range(f.cloudMin, f.cloudMax));
  if (f.dateFrom) params.set('from', f.dateFrom);
  if (f.dateTo) params.set('to', f.dateTo);
  if (f.resolutionMin !== null || f.resolutionMax !== null) params.set('res', range(f.resolutionMin, f.resolutionMax));
  if (f.productLevels.length > 0) params.set('level', f.productLevels.join(','));
  if (f.online !== null) params.set('online', f.online ? '1' : '0');
  if (state.sort !== INITIAL_SELECTION.sort || state.order !== INITIAL_SELECTION.order) {
    params.set('sort', state.sort);
    params.set('order', state.order);
  }
  if (state.submitted) {
    params.set('tab', String(SIDEBAR_TABS.RESULT));
    if (state.page > 1) params.set('page', String(state.page));
    if (state.pageSize !== INITIAL_SELECTION.pageSize) params.set('size', String(state.pageSize));
    if (state.selectedSceneId) params.set('scene', state.selectedSceneId);
  }
  const text = params.toString().replaceAll('%2C', ',').replaceAll('%3B', ';');
  return text ? `?${text}` : '';
}
