import 'server-only';
/**
 * The frame of the export routes. They answer a file, not the JSON envelope, so they do not go
 * through `withApi`; they keep its rules: input parsed with the contract's zod schemas (the body size
 * bounded first), refusals as the `{code, message, data}` envelope in the caller's language, one log
 * line per request. A refusal carries a real HTTP status (400, 413, 500, 503) so that a client or
 * `curl -f` never saves an error as the file.
 */
import type { z } from 'zod';
import type { Locale } from '../../../../i18n/routing';
import { API_CODES, issueValues, localizedIssueKey } from '../../../shared/contracts/api';
import { EXPORT_LIMITS, exportBodySchema, type ExportLanguage, type ExportRequest } from '../../../shared/contracts/exports';
import { ApiError } from '../../api/errors';
import { getDb } from '../../db';
import type { Database } from '../../db/types';
import { isDatabaseUnavailable, noteDatabaseOutage, RETRY_AFTER_SECONDS } from '../../db/unavailable';
import { localeOfRequest, translateMessage } from '../../i18n';
import { log } from '../../log';

export interface ExportContext<Q> {
  request: Request;
  db: Database;
  /** The language of the file (`?lang=`, else the request's). */
  lang: ExportLanguage;
  query: Q;
  body: ExportRequest;
  /** Aborted when the client goes away: long exports stop their work. */
  signal: AbortSignal;
}

function parse<S extends z.ZodType>(schema: S, input: unknown, locale: Locale): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const detail = result.error.issues
    .slice(0, 3)
    .map((issue) => {
      const key = localizedIssueKey(issue.message);
      if (key) return translateMessage(locale, key, issueValues(issue as { minimum?: unknown; maximum?: unknown }));
      return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
    })
    .join('; ');
  throw new ApiError(API_CODES.INVALID_INPUT, 'invalidInput', { detail }, 400);
}

async function readBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  const tooLarge = () => new ApiError(API_CODES.TOO_LARGE, 'Export.errors.tooLarge', {}, 413);
  if (declared > EXPORT_LIMITS.maxBodyBytes) throw tooLarge();
  const text = await request.text();
  if (Buffer.byteLength(text) > EXPORT_LIMITS.maxBodyBytes) throw tooLarge();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(API_CODES.INVALID_INPUT, 'invalidJson', {}, 400);
  }
}

function envelope(
  locale: Locale,
  status: number,
  code: number,
  key: string,
  values: Record<string, string | number> = {},
  headers: Record<string, string> = {},
) {
  const message = translateMessage(locale, key.includes('.') ? key : `Api.${key}`, values);
  return Response.json({ code, message, data: null }, { status, headers: { 'cache-control': 'no-store', ...headers } });
}

/** A route handler: `run` answers the file; everything that goes wrong answers the envelope. */
export function exportRoute<S extends z.ZodType<{ lang?: ExportLanguage }>>(
  querySchema: S,
  run: (ctx: ExportContext<z.output<S>>) => Promise<Response>,
) {
  return async (request: Request): Promise<Response> => {
    const started = Date.now();
    const locale = localeOfRequest(request);
    const path = new URL(request.url).pathname;
    let status = 200;
    try {
      const url = new URL(request.url);
      const query = parse(querySchema, Object.fromEntries(url.searchParams), locale);
      const body = parse(exportBodySchema, await readBody(request), locale);
      const db = await getDb();
      const response = await run({ request, db, lang: query.lang ?? locale, query, body, signal: request.signal });
      status = response.status;
      return response;
    } catch (error) {
      if (error instanceof ApiError) {
        status = error.status === 200 ? (error.code === API_CODES.TOO_LARGE ? 413 : 400) : error.status;
        return envelope(locale, status, error.code, error.messageKey, error.values, error.headers);
      }
      if (isDatabaseUnavailable(error)) {
        status = 503;
        noteDatabaseOutage();
        return envelope(
          locale,
          503,
          API_CODES.UNAVAILABLE,
          'unavailable',
          { seconds: RETRY_AFTER_SECONDS },
          { 'retry-after': String(RETRY_AFTER_SECONDS) },
        );
      }
      status = 500;
      log.error('export failed', { path, error: error instanceof Error ? error.stack : String(error) });
      return envelope(locale, 500, API_CODES.INTERNAL, 'Export.errors.failed');
    } finally {
      log.info('api', { method: request.method, path, status, ms: Date.now() - started });
    }
  };
}
