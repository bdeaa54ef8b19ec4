/**
 * The one browser fetch wrapper (spec §8): sends the session token header when one is known, turns
 * HTTP 401 into logout + "login expired", ignores 404/504 quietly, rejects other statuses, and raises
 * envelope codes other than 0 with the server's (localized) message.
 *
 * `apiFetch(contract, { params, query, body })` is the typed call: path, method, inputs and answer all
 * come from the contract. `apiFetch(path, …)` remains for the calls every page makes (visit counter,
 * logout), which use plain paths so the first load carries no zod (see shared/contracts/paths.ts).
 * Only types are imported from the contracts here, for the same reason.
 */
import type { z } from 'zod';
import type { ApiContract, Envelope, HttpMethod } from '../shared/contracts/api';
import { apiClientHooks, ApiClientError } from './api-config';

export { ApiClientError, configureApiClient, type ApiClientHooks, type ApiFailureKind } from './api-config';

/** Default wait when a 503 names none (or names a date). */
const BUSY_RETRY_MS = 2_000;
let busy = false;

/** Retry-After in milliseconds: whole seconds as the server sends them, within 1–60 s. */
export function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  if (header === null || header.trim() === '' || !Number.isFinite(seconds)) return BUSY_RETRY_MS;
  return Math.min(60, Math.max(1, seconds)) * 1000;
}

export interface ApiRequest<T> {
  method?: HttpMethod;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Validates `data` of a successful answer. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

/** Empty values (undefined, null, '') are left out; arrays go as `a,b,c`. */
function withQuery(path: string, query: ApiRequest<unknown>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/**
 * `/a/{id}/b` with `{ id: 'x y' }` → `/a/x%20y/b`. A placeholder without a value is a bug, not a
 * request; an empty string goes as it is (the server answers it like any other wrong value).
 */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params[key];
    if (value === undefined || value === null) throw new Error(`apiFetch: no value for {${key}} in ${path}`);
    return encodeURIComponent(String(value));
  });
}

// ── The typed call ──────────────────────────────────────────────────────────────────────────────

/** A contract without a schema for a part has the bare `z.ZodType` there. */
type Declared<S> = z.ZodType extends S ? false : true;
type Part<C extends ApiContract, K extends 'params' | 'query' | 'body'> = NonNullable<C[K]>;
/** A part is required when its input has a required key. */
type Field<Name extends string, T> = object extends T ? { [K in Name]?: T } : { [K in Name]: T };

type ParamsField<C extends ApiContract> =
  Declared<Part<C, 'params'>> extends true ? Field<'params', z.input<Part<C, 'params'>>> : { params?: never };
type QueryField<C extends ApiContract> =
  Declared<Part<C, 'query'>> extends true ? Field<'query', z.input<Part<C, 'query'>>> : { query?: never };
/** A contract without a body schema takes a raw body (an uploaded image) or none. */
type BodyField<C extends ApiContract> = Declared<Part<C, 'body'>> extends true ? Field<'body', z.input<Part<C, 'body'>>> : { body?: Blob };

/** What a call of `C` takes: its path parameters, query and body as the contract's schemas accept them. */
export type ContractRequest<C extends ApiContract> = ParamsField<C> & QueryField<C> & BodyField<C> & { signal?: AbortSignal };
/** The JSON body `C` accepts (its body schema's input). */
export type ContractBody<C extends ApiContract> = z.input<Part<C, 'body'>>;
/** The answer of `C`: its response schema's output. */
export type ContractResponse<C extends ApiContract> = z.output<C['response']>;
type ContractArgs<C extends ApiContract> =
  object extends ContractRequest<C> ? [request?: ContractRequest<C>] : [request: ContractRequest<C>];

/**
 * Calls `contract`: fills its `{placeholders}` from `params` (URL-encoded), sends `query` and `body`
 * with the contract's method, and answers `data` parsed with the contract's response schema (a
 * mismatch fails with kind `invalid`).
 */
export function apiFetch<C extends ApiContract>(contract: C, ...args: ContractArgs<C>): Promise<ContractResponse<C>>;
/** A plain path, for the few calls that must not load the contracts. */
export function apiFetch<T>(path: string, request?: ApiRequest<T>): Promise<T>;
export async function apiFetch(
  target: string | ApiContract,
  request: ApiRequest<unknown> & { params?: Record<string, unknown> } = {},
): Promise<unknown> {
  if (typeof target === 'string') return send(target, request);
  const { params, query, body, signal } = request;
  return send(fillPath(target.path, params), { method: target.method, query, body, signal, schema: target.response });
}

async function send<T>(path: string, request: ApiRequest<T>): Promise<T> {
  const hooks = apiClientHooks();
  const headers: Record<string, string> = { accept: 'application/json', 'x-locale': hooks.locale() };
  const token = hooks.token();
  if (token) headers.token = token;
  // A Blob (an image, a file) goes as it is, typed by itself; anything else as JSON.
  const raw = typeof Blob !== 'undefined' && request.body instanceof Blob;
  if (request.body !== undefined)
    headers['content-type'] = raw ? (request.body as Blob).type || 'application/octet-stream' : 'application/json';

  let response: Response;
  try {
    response = await fetch(withQuery(path, request.query), {
      method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
      headers,
      body: request.body === undefined ? undefined : raw ? (request.body as Blob) : JSON.stringify(request.body),
      credentials: 'same-origin',
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiClientError('network', hooks.fallbackMessage('network'));
  }

  if (response.status === 401) {
    hooks.onUnauthorized();
    throw new ApiClientError('unauthorized', '', 401);
  }
  if (response.status === 404 || response.status === 504) {
    throw new ApiClientError('ignored', '', response.status);
  }
  if (response.status === 503) {
    const wait = retryAfterMs(response.headers.get('retry-after'));
    const message = await response
      .json()
      .then((e: Partial<Envelope<unknown>>) => (typeof e.message === 'string' ? e.message : ''))
      .catch(() => '');
    if (!busy) hooks.onBusy(wait);
    busy = true;
    throw new ApiClientError('busy', message || hooks.fallbackMessage('http'), 503, undefined, wait);
  }
  if (busy) {
    busy = false;
    hooks.onRecovered();
  }

  // A body that did not arrive (the visitor navigated on, the connection dropped) is a network failure;
  // only a body that arrived and is not JSON is an invalid answer.
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiClientError('network', hooks.fallbackMessage('network'));
  }
  let envelope: Envelope<unknown> | null = null;
  try {
    envelope = JSON.parse(text) as Envelope<unknown>;
  } catch {
    envelope = null;
  }
  if (!response.ok) {
    throw new ApiClientError('http', envelope?.message || hooks.fallbackMessage('http'), response.status, envelope?.code);
  }
  if (!envelope || typeof envelope.code !== 'number') {
    throw new ApiClientError('invalid', hooks.fallbackMessage('invalid'), response.status);
  }
  if (envelope.code !== 0) {
    throw new ApiClientError('code', envelope.message || hooks.fallbackMessage('http'), response.status, envelope.code);
  }
  if (!request.schema) return envelope.data as T;
  const parsed = request.schema.safeParse(envelope.data);
  if (!parsed.success) throw new ApiClientError('invalid', hooks.fallbackMessage('invalid'), response.status);
  return parsed.data;
}
