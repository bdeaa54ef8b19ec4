/**
 * The one browser fetch wrapper (spec §8): sends the session token header when one is known, turns
 * HTTP 401 into logout + "login expired", ignores 404/504 quietly, rejects other statuses, and raises
 * envelope codes other than 0 with the server's (localized) message.
 */
import type { z } from 'zod';
import type { Envelope } from '../shared/contracts/api';

export type ApiFailureKind = 'unauthorized' | 'ignored' | 'http' | 'code' | 'network' | 'invalid';

export class ApiClientError extends Error {
  constructor(
    readonly kind: ApiFailureKind,
    message: string,
    readonly status?: number,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }

  /** Failures the user has already been told about, or that spec §8 says to ignore. */
  get silent(): boolean {
    return this.kind === 'unauthorized' || this.kind === 'ignored';
  }
}

export interface ApiClientHooks {
  /** The current locale, sent so the server answers in it. */
  locale: () => string;
  /** A token for the `token` header (API clients); the browser session rides on the httpOnly cookie. */
  token: () => string | null;
  /** HTTP 401: log out, go home, warn. */
  onUnauthorized: () => void;
  /** A message for failures that have no server message. */
  fallbackMessage: (kind: 'network' | 'http' | 'invalid') => string;
}

let hooks: ApiClientHooks = {
  locale: () => (typeof document !== 'undefined' && document.documentElement.lang.startsWith('en') ? 'en' : 'zh'),
  token: () => null,
  onUnauthorized: () => {},
  fallbackMessage: () => 'Request failed',
};

export function configureApiClient(next: Partial<ApiClientHooks>): void {
  hooks = { ...hooks, ...next };
}

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** Validates `data` of a successful answer. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
}

function withQuery(path: string, query: ApiRequest<unknown>['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export async function apiFetch<T>(path: string, request: ApiRequest<T> = {}): Promise<T> {
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

  let envelope: Envelope<unknown> | null = null;
  try {
    envelope = (await response.json()) as Envelope<unknown>;
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
