/**
 * What every page needs of the fetch wrapper without the wrapper itself: its error class and the hooks the app shell
 * sets (locale, 401 handling, messages, the busy note). The wrapper (./api.ts) loads with the first request a page
 * makes — the visit counter's, after the page — so it is not part of every page's first-load script (issue 32.5).
 */
export type ApiFailureKind = 'unauthorized' | 'ignored' | 'busy' | 'http' | 'code' | 'network' | 'invalid';

export class ApiClientError extends Error {
  constructor(
    readonly kind: ApiFailureKind,
    message: string,
    readonly status?: number,
    readonly code?: number,
    /** `busy` (HTTP 503): how long the server asked to wait before trying again. */
    readonly retryAfterMs?: number,
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
  /** HTTP 503: the server is busy or its database is restarting; the query layer retries after `retryAfterMs`. */
  onBusy: (retryAfterMs: number) => void;
  /** The first answer after a 503: the service is back. */
  onRecovered: () => void;
}

let hooks: ApiClientHooks = {
  locale: () => (typeof document !== 'undefined' && document.documentElement.lang.startsWith('en') ? 'en' : 'zh'),
  token: () => null,
  onUnauthorized: () => {},
  fallbackMessage: () => 'Request failed',
  onBusy: () => {},
  onRecovered: () => {},
};

export function configureApiClient(next: Partial<ApiClientHooks>): void {
  hooks = { ...hooks, ...next };
}

/** The hooks as configured now (read by the wrapper on every request). */
export function apiClientHooks(): ApiClientHooks {
  return hooks;
}
