import { ApiClientError } from './api-config';

/**
 * The script-readable hint that a session cookie exists (the token itself is httpOnly). Kept apart
 * from the user queries so that every page can check it without loading the response schemas.
 */
export function hasSessionHint(): boolean {
  return typeof document !== 'undefined' && /(?:^|;\s*)session_hint=1/.test(document.cookie);
}

export function clearSessionHint(): void {
  document.cookie = 'session_hint=; Max-Age=0; Path=/; SameSite=Lax';
}

/**
 * Whether a failed load of the session's user info means the session is unusable (the server answered,
 * and the answer was an error or malformed), as opposed to a load that did not finish: an aborted or
 * dropped request, a busy or failing server, a script chunk that did not arrive. 401 is the fetch
 * wrapper's (logout), so it is not this function's either.
 */
export function sessionInfoUnusable(error: unknown): boolean {
  if (!(error instanceof ApiClientError)) return false;
  if (error.kind === 'code' || error.kind === 'invalid') return true;
  return error.kind === 'http' && error.status !== undefined && error.status >= 400 && error.status < 500 && error.status !== 429;
}
