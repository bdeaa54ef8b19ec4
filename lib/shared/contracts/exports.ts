/**
 * Exports of the image query (spec §7 `/api/normal/v5/normalmeta`): the result list as CSV or Excel
 * (`exports`), the footprints as a zipped shapefile or GeoJSON (`covershp`), the quick-looks of the
 * checked scenes as one zip (`export/quickimage`). Public like the search itself.
 *
 * Input: the search filter (the same object the search takes) and optionally the checked scene ids;
 * with ids the export holds the checked scenes that still match the filter, without them every scene
 * the filter matches. Bounded: at most EXPORT_LIMITS.maxRows scenes per list or footprint export and
 * EXPORT_LIMITS.maxQuicklooks per quick-look zip; more is refused with a message that says how many
 * matched, never cut silently. The answer is the file itself (Content-Disposition with the UTF-8
 * name); a refusal is the API's JSON envelope in the caller's language.
 */
import { z } from 'zod';
import type zh from '../../../messages/zh.json';
import { localizedIssue } from './api';
import { CATALOGUE_LIMITS, sceneFilterSchema, sceneIdParamsSchema, SORT_FIELDS } from './catalogue';

export const EXPORT_LIMITS = {
  /** Scenes in one CSV, Excel, shapefile or GeoJSON export (the `allids` cap: "check all" fits). */
  maxRows: CATALOGUE_LIMITS.allIdsCap,
  /** Quick-looks in one zip. */
  maxQuicklooks: 200,
  /** Request body: the filter (up to ~400 KB with a drawn area) and 10,000 ids. */
  maxBodyBytes: 2 * 1_048_576,
} as const;

type ExportErrorKey = keyof (typeof zh)['Export']['errors'];
const issue = (key: ExportErrorKey) => ({ error: localizedIssue(`Export.errors.${key}`) });

export const EXPORT_LANGUAGES = ['zh', 'en'] as const;
export type ExportLanguage = (typeof EXPORT_LANGUAGES)[number];

/** The body every export takes. */
export const exportBodySchema = z.object({
  filter: sceneFilterSchema.default({}),
  /** The checked scenes; absent or empty = every scene the filter matches. */
  ids: z
    .array(sceneIdParamsSchema.shape.id, issue('badIds'))
    .max(EXPORT_LIMITS.maxRows, issue('tooManyIds'))
    .optional(),
  /** Row order: as the result list (coverage order falls back to time: it is not computed for exports). */
  sort: z.enum(SORT_FIELDS, issue('badSort')).default('time'),
  order: z.enum(['asc', 'desc'], issue('badSort')).default('desc'),
});
export type ExportBody = z.input<typeof exportBodySchema>;
export type ExportRequest = z.output<typeof exportBodySchema>;

const lang = z.enum(EXPORT_LANGUAGES, issue('badLanguage')).optional();

export const LIST_FORMATS = ['csv', 'xlsx'] as const;
export type ListFormat = (typeof LIST_FORMATS)[number];
/** `?format=csv|xlsx&lang=zh|en` (lang defaults to the request's language). */
export const listExportQuerySchema = z.object({ format: z.enum(LIST_FORMATS, issue('badFormat')).default('csv'), lang });

export const FOOTPRINT_FORMATS = ['shp', 'geojson'] as const;
export type FootprintFormat = (typeof FOOTPRINT_FORMATS)[number];
/** `?format=shp|geojson&lang=zh|en`. */
export const footprintExportQuerySchema = z.object({ format: z.enum(FOOTPRINT_FORMATS, issue('badFormat')).default('shp'), lang });

/** `?lang=zh|en` (the README's language). */
export const quicklookExportQuerySchema = z.object({ lang });

/** The export routes, for the client. */
export const EXPORT_PATHS = {
  list: '/api/normal/v5/normalmeta/exports',
  footprints: '/api/normal/v5/normalmeta/covershp',
  quicklooks: '/api/normal/v5/normalmeta/export/quickimage',
} as const;

/** What the export menu offers: each item is one route and format. */
export const EXPORT_KINDS = {
  csv: { path: EXPORT_PATHS.list, format: 'csv' },
  xlsx: { path: EXPORT_PATHS.list, format: 'xlsx' },
  shp: { path: EXPORT_PATHS.footprints, format: 'shp' },
  geojson: { path: EXPORT_PATHS.footprints, format: 'geojson' },
  quicklooks: { path: EXPORT_PATHS.quicklooks, format: null },
} as const;
export type ExportKind = keyof typeof EXPORT_KINDS;
