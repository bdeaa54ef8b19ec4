/**
 * The orbital prediction screen's form (issue 22) and its URL, so a plan can be shared and reloaded:
 *
 *   ?sats=40118,43485&area=region&regions=130000&start=2026-08-22&days=7&mode=nadir&sensor=finest&sort=time&run=1&pass=…
 *
 * `sats` is absent for the default (every active Chinese land-observation satellite). Areas: `area=region`
 * with `regions=`, `area=rect` with `bbox=w,s,e,n`, `area=draw` with `draw=lon,lat;lon,lat;…` (the outer ring),
 * `area=shp` with `shp=<upload id>`, `area=uncovered` with `cov=<JSON of the coverage analysis' input>` (the
 * image query's filter and checked ids). `run=1`: the URL shows a prediction's results, so loading it runs it.
 * `start` is a date in China time: the window starts at its midnight (UTC+8). Every parameter is parsed on its
 * own; a bad one keeps its default.
 */
import type { Polygon } from 'geojson';
import { z } from 'zod';
import { bboxSchema, SELECT_MODES, uploadIdSchema, type Bbox } from '../contracts/catalogue';
import { coverageScenesBodySchema, type CoverageScenesBody } from '../contracts/coverage';
import {
  COVERAGE_MODES,
  MAX_SATELLITES,
  PASS_SORTS,
  PREDICTION_LIMITS,
  SENSOR_CHOICES,
  type regionPredictionBodySchema,
  type shpPredictionBodySchema,
} from '../contracts/orbits';

export const AREA_KINDS = ['region', 'rect', 'draw', 'shp', 'uncovered'] as const;
export type AreaKind = (typeof AREA_KINDS)[number];

/** A drawn ring longer than this is not put in the URL. */
export const MAX_URL_VERTICES = 500;

export interface PlanForm {
  /** NORAD numbers; null: the default (every active Chinese land-observation satellite). */
  satellites: number[] | null;
  areaKind: AreaKind;
  regions: string[];
  bbox: Bbox | null;
  drawn: Polygon | null;
  uploadId: string | null;
  coverage: CoverageScenesBody | null;
  /** YYYY-MM-DD, China time. */
  start: string;
  days: number;
  mode: (typeof COVERAGE_MODES)[number];
  sensor: (typeof SENSOR_CHOICES)[number];
  sort: (typeof PASS_SORTS)[number];
}

export interface PlanState {
  form: PlanForm;
  /** The URL shows results: run the form's prediction on load. */
  run: boolean;
  passId: string | null;
}

/** Today's date in China (UTC+8). */
export function chinaToday(nowMs: number): string {
  return new Date(nowMs + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** The window start the API is sent: midnight of the date in China time. */
export const startInstant = (date: string) => `${date}T00:00:00+08:00`;

export function defaultForm(nowMs: number): PlanForm {
  return {
    satellites: null,
    areaKind: 'region',
    regions: [],
    bbox: null,
    drawn: null,
    uploadId: null,
    coverage: null,
    start: chinaToday(nowMs),
    days: 7,
    mode: 'nadir',
    sensor: 'finest',
    sort: 'time',
  };
}

const list = (v: string) => (v === '' ? [] : v.split(','));
const satsSchema = z
  .string()
  .transform((v) => list(v).map(Number))
  .pipe(z.array(z.number().int().min(1).max(999_999)).min(1).max(MAX_SATELLITES))
  .transform((n) => [...new Set(n)]);
const regionsSchema = z
  .string()
  .transform(list)
  .pipe(z.array(z.string().regex(/^[1-9]\d{5}$/)).max(PREDICTION_LIMITS.maxRegions))
  .transform((codes) => [...new Set(codes)]);
const bboxParamSchema = z
  .string()
  .transform((v) => v.split(',').map(Number))
  .pipe(bboxSchema);
const drawSchema = z
  .string()
  .transform((v): [number, number][] => v.split(';').map((pair) => pair.split(',').map(Number) as [number, number]))
  .pipe(
    z
      .array(z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]))
      .min(3)
      .max(MAX_URL_VERTICES + 1),
  )
  .transform((ring): Polygon => {
    const first = ring[0]!;
    const last = ring[ring.length - 1]!;
    return { type: 'Polygon', coordinates: [first[0] === last[0] && first[1] === last[1] ? ring : [...ring, first]] };
  });
const coverageSchema = z
  .string()
  .transform((v, ctx) => {
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'not JSON' });
      return z.NEVER;
    }
  })
  .pipe(coverageScenesBodySchema)
  .transform((c): CoverageScenesBody => c);
const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)));
const daysSchema = z.coerce.number().int().min(1).max(PREDICTION_LIMITS.maxDays);
const passSchema = z.string().regex(/^[0-9]{1,6}-[0-9]{1,15}$/);

function read<T>(params: URLSearchParams, name: string, schema: z.ZodType<T>): T | undefined {
  const value = params.get(name);
  if (value === null) return undefined;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export function parsePlanUrl(search: string, nowMs: number): PlanState {
  const params = new URLSearchParams(search);
  const d = defaultForm(nowMs);
  const form: PlanForm = {
    satellites: read(params, 'sats', satsSchema) ?? null,
    areaKind: read(params, 'area', z.enum(AREA_KINDS)) ?? d.areaKind,
    regions: read(params, 'regions', regionsSchema) ?? [],
    bbox: read(params, 'bbox', bboxParamSchema) ?? null,
    drawn: read(params, 'draw', drawSchema) ?? null,
    uploadId: read(params, 'shp', uploadIdSchema) ?? null,
    coverage: read(params, 'cov', coverageSchema) ?? null,
    start: read(params, 'start', dateSchema) ?? d.start,
    days: read(params, 'days', daysSchema) ?? d.days,
    mode: read(params, 'mode', z.enum(COVERAGE_MODES)) ?? d.mode,
    sensor: read(params, 'sensor', z.enum(SENSOR_CHOICES)) ?? d.sensor,
    sort: read(params, 'sort', z.enum(PASS_SORTS)) ?? d.sort,
  };
  return { form, run: params.get('run') === '1', passId: read(params, 'pass', passSchema) ?? null };
}

const num = (n: number) => String(Math.round(n * 1e6) / 1e6);

/** The query string of a plan (`?…`), or '' for nothing to say. */
export function planSearch(state: PlanState): string {
  const { form } = state;
  const params = new URLSearchParams();
  if (form.satellites) params.set('sats', form.satellites.join(','));
  params.set('area', form.areaKind);
  if (form.regions.length) params.set('regions', form.regions.join(','));
  if (form.bbox) params.set('bbox', form.bbox.map(num).join(','));
  const ring = form.drawn?.coordinates[0];
  if (ring && ring.length <= MAX_URL_VERTICES + 1) params.set('draw', ring.map((p) => `${num(p[0]!)},${num(p[1]!)}`).join(';'));
  if (form.uploadId) params.set('shp', form.uploadId);
  if (form.coverage) params.set('cov', JSON.stringify(form.coverage));
  params.set('start', form.start);
  params.set('days', String(form.days));
  params.set('mode', form.mode);
  params.set('sensor', form.sensor);
  params.set('sort', form.sort);
  if (state.run) params.set('run', '1');
  if (state.passId) params.set('pass', state.passId);
  return `?${params.toString()}`;
}

export type RegionRequest = z.input<typeof regionPredictionBodySchema>;
export type ShpRequest = z.input<typeof shpPredictionBodySchema>;
export type PredictionRequest = { kind: 'region'; body: RegionRequest } | { kind: 'shp'; body: ShpRequest };

/** What stops the form from being sent: no area of its kind yet. */
export type PlanBlocker = 'noRegion' | 'noRect' | 'noDrawing' | 'noUpload' | 'noCoverage' | null;

export function planBlocker(form: PlanForm): PlanBlocker {
  if (form.areaKind === 'region' && form.regions.length === 0) return 'noRegion';
  if (form.areaKind === 'rect' && !form.bbox) return 'noRect';
  if (form.areaKind === 'draw' && !form.drawn) return 'noDrawing';
  if (form.areaKind === 'shp' && !form.uploadId) return 'noUpload';
  if (form.areaKind === 'uncovered' && !form.coverage) return 'noCoverage';
  return null;
}

/** The API call a complete form makes; null while an area is missing. */
export function requestOf(form: PlanForm): PredictionRequest | null {
  if (planBlocker(form)) return null;
  const options = {
    ...(form.satellites ? { satellites: form.satellites } : {}),
    start: startInstant(form.start),
    days: form.days,
    mode: form.mode,
    sensor: form.sensor,
    sort: form.sort,
  };
  switch (form.areaKind) {
    case 'region':
      return { kind: 'region', body: { ...options, regionCodes: form.regions } };
    case 'rect':
      return { kind: 'shp', body: { ...options, area: { mode: SELECT_MODES.EXTENT, bbox: form.bbox! } } };
    case 'draw':
      return {
        kind: 'shp',
        body: {
          ...options,
          area: { mode: SELECT_MODES.DRAW, geometry: { type: 'Polygon', coordinates: form.drawn!.coordinates as [number, number][][] } },
        },
      };
    case 'shp':
      return { kind: 'shp', body: { ...options, area: { mode: SELECT_MODES.SHP, uploadId: form.uploadId! } } };
    case 'uncovered':
      return { kind: 'shp', body: { ...options, area: { mode: 'UNCOVERED', coverage: form.coverage! } } };
  }
}
