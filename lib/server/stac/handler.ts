import 'server-only';
/**
 * The one wrapper of the STAC routes: the caller's language, the database, STAC-shaped errors in that
 * language (never a stack or SQL), 503 with Retry-After during a database outage, one log line.
 * STAC answers are bare JSON documents, not the portal's `{code, message, data}` envelope.
 */
import type { Locale } from '../../../i18n/routing';
import { Cql2Error } from '../../shared/cql2';
import { GeometryRefused } from '../areas';
import { withReadDatabase, type Database } from '../db';
import { isDatabaseUnavailable, noteDatabaseOutage, RETRY_AFTER_SECONDS } from '../db/unavailable';
import { localeOfRequest, translateMessage, type QualifiedMessageKey } from '../i18n';
import { log } from '../log';
import { fromCql2, StacError } from './errors';
import { MEDIA } from './links';

export interface StacContext {
  request: Request;
  url: URL;
  locale: Locale;
  db: Database;
  params: Record<string, string>;
}

export interface StacAnswer {
  body: unknown;
  /** Default application/json. */
  type?: string;
  status?: number;
}

type RouteContext = { params?: Promise<Record<string, string | string[] | undefined>> };

/** Longest query string accepted (a CQL2 text filter with a polygon fits). */
export const MAX_QUERY_CHARS = 32_768;

function json(body: unknown, status: number, type: string, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': type,
      'cache-control': 'no-store',
      // Descriptions and titles follow the caller's language.
      vary: 'x-locale, cookie, accept-language',
      'access-control-allow-origin': '*',
      ...extra,
    },
  });
}

/**
 * The language of a STAC answer. Machine clients (GDAL, pystac, QGIS) seldom say which they want: they
 * get English, the language of the STAC specification, unless the request names one (x-locale, the
 * portal's cookie, Accept-Language) — the portal's own default, Chinese, is for browsers.
 */
function stacLocale(request: Request): Locale {
  const named =
    request.headers.has('x-locale') ||
    /(?:^|;\s*)NEXT_LOCALE=/.test(request.headers.get('cookie') ?? '') ||
    (request.headers.get('accept-language') ?? '').trim() !== '';
  return named ? localeOfRequest(request) : 'en';
}

export function stacRoute(handler: (ctx: StacContext) => Promise<StacAnswer>) {
  return async (request: Request, routeContext?: RouteContext): Promise<Response> => {
    const started = Date.now();
    const url = new URL(request.url);
    const locale = stacLocale(request);
    let status = 200;
    try {
      if (url.search.length > MAX_QUERY_CHARS) throw new StacError('queryTooLong', { max: MAX_QUERY_CHARS }, 400);
      const raw = (await routeContext?.params) ?? {};
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') params[k] = v;
      // The catalogue is published data: the read replica answers it when there is one (lib/server/db/read-replica.ts).
      const answer = await withReadDatabase(request, (db) => handler({ request, url, locale, db, params }));
      status = answer.status ?? 200;
      return json(answer.body, status, answer.type ?? MEDIA.json);
    } catch (caught) {
      const error = caught instanceof Cql2Error ? fromCql2(caught) : caught;
      if (error instanceof GeometryRefused) {
        // The areas module's guard (a geometry over its budget): a 400 in the STAC error shape.
        status = 400;
        return json(
          { code: 'BadRequest', description: translateMessage(locale, error.messageKey as QualifiedMessageKey, error.values) },
          status,
          MEDIA.json,
        );
      }
      if (error instanceof StacError) {
        status = error.status;
        return json(
          { code: error.code, description: translateMessage(locale, `Stac.errors.${error.key}`, error.values) },
          status,
          MEDIA.json,
        );
      }
      if (isDatabaseUnavailable(error)) {
        noteDatabaseOutage();
        status = 503;
        return json(
          {
            code: 'ServiceUnavailable',
            description: translateMessage(locale, 'Stac.errors.unavailable', { seconds: RETRY_AFTER_SECONDS }),
          },
          status,
          MEDIA.json,
          { 'retry-after': String(RETRY_AFTER_SECONDS) },
        );
      }
      status = 500;
      log.error('stac handler failed', { path: url.pathname, error: error instanceof Error ? error.stack : String(error) });
      return json({ code: 'InternalServerError', description: translateMessage(locale, 'Stac.errors.internal') }, status, MEDIA.json);
    } finally {
      log.info('stac', { method: request.method, path: url.pathname, status, ms: Date.now() - started });
    }
  };
}

/** CORS preflight of POST /search from browser-based STAC clients (the API is public and cookie-free). */
export async function stacPreflight(): Promise<Response> {
  return new Response(null, {
    status: 204,
    headers: {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': 'content-type, accept, accept-language',
      'access-control-max-age': '86400',
    },
  });
}
