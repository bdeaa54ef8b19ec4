import 'server-only';
import { z } from 'zod';
import { en as zodEn, zhCN as zodZh } from 'zod/locales';
import { API_CODES, issueValues, localizedIssueKey, type ApiContract, type Envelope } from '../../shared/contracts/api';
import type { Locale } from '../../../i18n/routing';
import { expiredSessionCookies, getSession, hasSessionToken, MalformedTokenError, type Session } from '../session';
import { clientIp } from '../client-ip';
import { getDb, withReadDatabase, writeMarkerCookie, type Database } from '../db';
import { cachedByDatasets } from '../db/data-cache';
import { demoDataLoading } from '../db/demo-status';
import { isDatabaseUnavailable, noteDatabaseOutage, RETRY_AFTER_SECONDS } from '../db/unavailable';
import { getEnv } from '../env';
import { apiTranslator, isQualifiedMessageKey, localeOfRequest, translateMessage, type ApiTranslator } from '../i18n';
import { log } from '../log';
import { ApiError, forbidden, invalidInput, unauthorized } from './errors';
import { heavyWorkGate } from './heavy-work';
import { inLocale } from '../../shared/locale';

type Out<S> = [NonNullable<S>] extends [z.ZodType] ? z.output<NonNullable<S>> : undefined;

export interface CookieSpec {
  name: string;
  value: string;
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  httpOnly: boolean;
}

export interface ApiContext<C extends ApiContract> {
  request: Request;
  /** The caller's address as the nearest proxy reports it. */
  ip: string;
  locale: Locale;
  t: ApiTranslator;
  db: Database;
  session: Session | null;
  query: Out<C['query']>;
  body: Out<C['body']>;
  params: Out<C['params']>;
  /** Sets a cookie on the answer (Path=/, SameSite=Lax, Secure on https). */
  setCookie: (cookie: CookieSpec) => void;
  /** The answer is provisional (e.g. figures still being computed): no browser or proxy keeps it. */
  uncacheable: () => void;
}

type RouteContext = { params?: Promise<Record<string, string | string[] | undefined>> };

const DEFAULT_MAX_BODY = 64 * 1024;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function zodErrorMap(locale: Locale) {
  return inLocale(locale, zodZh, zodEn)().localeError;
}

/** Parses input with a schema as the wrapper does (for bodies a handler reads itself, e.g. multipart). */
export function parseWith<S extends z.ZodType | undefined>(schema: S, input: unknown, locale: Locale): Out<S> {
  if (!schema) return undefined as Out<S>;
  const result = schema.safeParse(input, { error: zodErrorMap(locale) });
  if (result.success) return result.data as Out<S>;
  const detail = result.error.issues
    .slice(0, 5)
    .map((issue) => {
      // A schema's own localized message already names the field.
      const key = localizedIssueKey(issue.message);
      if (key) return translateMessage(locale, key, issueValues(issue as { minimum?: unknown; maximum?: unknown }));
      return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
    })
    .join('; ');
  throw invalidInput(detail);
}

function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    out[key] = values.length > 1 ? values : (values[0] ?? '');
  }
  return out;
}

async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new ApiError(API_CODES.TOO_LARGE, 'tooLarge', {}, 413);
  const text = await request.text();
  if (Buffer.byteLength(text) > maxBytes) throw new ApiError(API_CODES.TOO_LARGE, 'tooLarge', {}, 413);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(API_CODES.INVALID_INPUT, 'invalidJson');
  }
}

/** State-changing requests that ride on the session cookie must come from our own pages. */
function assertSameOrigin(request: Request): void {
  if (SAFE_METHODS.has(request.method)) return;
  if (!/(?:^|;\s*)token=/.test(request.headers.get('cookie') ?? '')) return;
  const origin = request.headers.get('origin') ?? request.headers.get('referer');
  if (!origin) throw new ApiError(API_CODES.FORBIDDEN, 'crossOrigin', {}, 403);
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    throw new ApiError(API_CODES.FORBIDDEN, 'crossOrigin', {}, 403);
  }
  const allowed = new Set([request.headers.get('host'), new URL(getEnv().SITE_URL).host]);
  if (!allowed.has(host)) throw new ApiError(API_CODES.FORBIDDEN, 'crossOrigin', {}, 403);
}

function authorize(contract: ApiContract, session: Session | null): void {
  if (contract.access === 'public') return;
  if (!session) throw unauthorized();
  if (contract.access !== 'login' && !session.permissions.includes(contract.access.permission)) throw forbidden();
}

function serializeCookie(cookie: CookieSpec, secure: boolean): string {
  return [
    `${cookie.name}=${encodeURIComponent(cookie.value)}`,
    'Path=/',
    `Max-Age=${cookie.maxAge}`,
    'SameSite=Lax',
    ...(cookie.httpOnly ? ['HttpOnly'] : []),
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

function reply<T>(
  envelope: Envelope<T> | string,
  status: number,
  cookies: string[] = [],
  cacheSeconds = 0,
  extra: Record<string, string> = {},
): Response {
  const headers = new Headers({ ...extra, 'cache-control': cacheSeconds > 0 ? `public, max-age=${cacheSeconds}` : 'no-store' });
  // The language of the answer follows these request headers.
  if (cacheSeconds > 0) headers.set('vary', 'x-locale, cookie, accept-language');
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  if (typeof envelope !== 'string') return Response.json(envelope, { status, headers });
  headers.set('content-type', 'application/json');
  return new Response(envelope, { status, headers });
}

/** The cache key of a data-only answer: language, path and the query in a stable order. */
function dataCacheKey(locale: Locale, url: URL): string {
  const query = [...url.searchParams].sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
  return `${locale} ${url.pathname}?${new URLSearchParams(query).toString()}`;
}

export { expiredSessionCookies };

/**
 * Whether a contract's handler reads only published data, so the read replica may answer it (its `db`): the
 * catalogue's searches (`publishedRead`) and the public answers that depend only on the loaded datasets (`dataOnly`).
 * Everything else — every write, and every read of what a user keeps (cart, orders, applications, subscriptions) —
 * uses the primary.
 */
export function readsFromReplica(contract: ApiContract): boolean {
  return contract.publishedRead === true || (contract.dataOnly === true && contract.access === 'public' && contract.method === 'GET');
}

export { clientIp };

/**
 * The one wrapper every API route goes through: input parsed with the contract's zod schemas, session
 * and permission checked, errors mapped to the `{code, message, data}` envelope in the caller's
 * language, one log line per request.
 */
export function withApi<C extends ApiContract>(contract: C, handler: (ctx: ApiContext<C>) => Promise<Out<C['response']>>) {
  return async (request: Request, routeContext?: RouteContext): Promise<Response> => {
    const started = Date.now();
    const locale = localeOfRequest(request);
    const t = apiTranslator(locale);
    let status = 200;
    let code: number = API_CODES.OK;
    try {
      assertSameOrigin(request);
      const primary = await getDb();
      // The session always from the primary: a logout anywhere applies at once.
      const session = await getSession(request, primary);
      authorize(contract, session);
      const url = new URL(request.url);
      const query = parseWith(contract.query, queryObject(url), locale);
      const params = parseWith(contract.params, (await routeContext?.params) ?? {}, locale);
      const rawBody = contract.body ? await readJsonBody(request, contract.maxBodyBytes ?? DEFAULT_MAX_BODY) : undefined;
      const body = parseWith(contract.body, rawBody, locale);
      const cookies: string[] = [];
      const secure = url.protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
      const setCookie = (cookie: CookieSpec) => cookies.push(serializeCookie(cookie, secure));
      let provisional = false;
      const uncacheable = () => {
        provisional = true;
      };
      const published = readsFromReplica(contract);
      const run = <T>(fn: (db: Database) => Promise<T>) => (published ? withReadDatabase(request, fn) : fn(primary));
      // A handler may answer a file (a download): its Response goes out as it is.
      let file: Response | null = null;
      // An expensive analysis waits for its turn (per client and in all) or is refused with 503 + Retry-After.
      const heavy = typeof contract.heavy === 'function' ? contract.heavy({ body, query }) : contract.heavy === true;
      const client = session ? `user:${session.userId}` : `ip:${clientIp(request)}`;
      const { text, provisional: notFinal } = await run(async (db) => {
        const ctx = { request, ip: clientIp(request), locale, t, db, session, query, params, body, setCookie, uncacheable };
        const answer = async (): Promise<{ text: string; provisional: boolean }> => {
          const release = heavy ? await heavyWorkGate().enter(client) : null;
          let data: unknown;
          try {
            data = await handler(ctx as ApiContext<C>);
          } finally {
            release?.();
          }
          if (data instanceof Response) {
            file = data;
            return { text: '', provisional };
          }
          return { text: JSON.stringify({ code, message: t('ok'), data }), provisional };
        };
        // Public data that changes only when a dataset is loaded is computed once per input (per process).
        return contract.dataOnly && contract.access === 'public' && contract.method === 'GET'
          ? cachedByDatasets(db, dataCacheKey(locale, url), answer, (a) => a.text.length)
          : answer();
      });
      // A change: this client's next reads of published data wait for the replica to have it (read-your-writes).
      if (!published && !SAFE_METHODS.has(request.method)) {
        const marker = await writeMarkerCookie();
        if (marker) setCookie({ ...marker, httpOnly: true });
      }
      if (file) return file;
      // While demo data fills in after a first start, no browser may keep an answer that misses it.
      const cacheable =
        contract.access === 'public' && contract.method === 'GET' && cookies.length === 0 && !demoDataLoading() && !notFinal;
      return reply(text, status, cookies, cacheable ? contract.cacheSeconds : 0);
    } catch (error) {
      if (error instanceof ApiError) {
        status = error.status;
        code = error.code;
        // A token that no longer opens a session is dropped, so pages stop treating the visitor as signed in.
        const drop = status === 401 && hasSessionToken(request) ? expiredSessionCookies() : [];
        const key = error.messageKey;
        const message = isQualifiedMessageKey(key) ? translateMessage(locale, key, error.values) : t(key, error.values);
        return reply({ code, message, data: null }, status, drop, 0, error.headers);
      }
      if (error instanceof MalformedTokenError) {
        status = 400;
        code = API_CODES.INVALID_INPUT;
        log.warn('malformed token cookie', { path: new URL(request.url).pathname });
        return reply({ code, message: t('tokenMalformed'), data: null }, status, expiredSessionCookies());
      }
      if (isDatabaseUnavailable(error)) {
        // The database is down or restarting: ask the client to come back, in its language.
        status = 503;
        code = API_CODES.UNAVAILABLE;
        noteDatabaseOutage();
        const message = t('unavailable', { seconds: RETRY_AFTER_SECONDS });
        return reply({ code, message, data: null }, status, [], 0, { 'retry-after': String(RETRY_AFTER_SECONDS) });
      }
      status = 500;
      code = API_CODES.INTERNAL;
      log.error('api handler failed', { path: contract.path, error: error instanceof Error ? error.stack : String(error) });
      return reply({ code, message: t('internal'), data: null }, status);
    } finally {
      log.info('api', { method: request.method, path: new URL(request.url).pathname, status, code, ms: Date.now() - started });
    }
  };
}
