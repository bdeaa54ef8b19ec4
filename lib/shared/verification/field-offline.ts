/**
 * What the field app (issue 34.2) and its service worker agree on: the page that works offline, the caches the
 * download fills and the worker answers from, and where the worker is served. Kept in one place so the page can
 * never fill a cache the worker does not read.
 */
import { LOCALE_PREFIXES, type Locale } from '../../../i18n/routing';

export const FIELD_PATH = '/verify/lawenforceinspect/fieldWork';
/** The scope the worker is registered for: the inspection's pages of one language. */
export const fieldScope = (locale: Locale) => `${LOCALE_PREFIXES[locale]}/verify/lawenforceinspect/`;
export const fieldPage = (locale: Locale) => `${LOCALE_PREFIXES[locale]}${FIELD_PATH}`;
export const FIELD_WORKER_URL = '/serwist/sw.js';
export const fieldManifestUrl = (locale: Locale) => `/api/process-spot-bjhs/v1/process/field-app/${locale}.webmanifest`;

export const FIELD_CACHES = {
  /** The field page itself (network first: the newest when online, the kept one offline). */
  pages: 'field-pages-v1',
  /** Hashed scripts, styles and fonts of the build (never change under one name). */
  static: 'field-static-v1',
  /** Base-map tiles of downloaded packages. */
  tiles: 'field-tiles-v1',
} as const;

/** Requests whose answers the worker keeps as static build files. */
export const isStaticAsset = (pathname: string) => pathname.startsWith('/_next/static/');
/** Base-map tiles: the portal's own WMTS (region layer) or Tianditu's. */
export const isBaseTile = (url: URL) => url.pathname.endsWith('/gwc/service/wmts') || /(^|\.)tianditu\.gov\.cn$/.test(url.hostname);
/** The field page of either language (with any query). */
export const isFieldPage = (pathname: string) => Object.values(LOCALE_PREFIXES).some((p) => pathname === `${p}${FIELD_PATH}`);
