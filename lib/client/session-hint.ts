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

// ── The user last seen, for pages opened with no network (the field app, issue 34.2) ──────────────────

const LAST_USER_KEY = 'portal.lastUser';

/** What the header and menus need of the signed-in user (the session store's SessionUser). */
export interface RememberedUser {
  id: string;
  username: string;
  accountType: number;
  permissions: string[];
}

/** Keeps the signed-in user on the device, so a page opened offline still shows who is signed in. */
export function rememberUser(user: RememberedUser): void {
  try {
    localStorage.setItem(LAST_USER_KEY, JSON.stringify(user));
  } catch {
    // Storage blocked: offline pages show the visitor as signed out, as before.
  }
}

export function forgetUser(): void {
  try {
    localStorage.removeItem(LAST_USER_KEY);
  } catch {
    // Nothing kept.
  }
}

/** The user kept on the device, when the value is one (a stored value is never trusted). */
export function rememberedUser(): RememberedUser | null {
  try {
    const value = JSON.parse(localStorage.getItem(LAST_USER_KEY) ?? 'null') as Partial<RememberedUser> | null;
    if (!value || typeof value.id !== 'string' || typeof value.username !== 'string' || typeof value.accountType !== 'number') return null;
    if (!Array.isArray(value.permissions) || !value.permissions.every((p) => typeof p === 'string')) return null;
    return { id: value.id, username: value.username, accountType: value.accountType, permissions: value.permissions };
  } catch {
    return null;
  }
}

/** The load of the user info failed for want of a network (not because the server refused it). */
export function offlineFailure(error: unknown): boolean {
  return (error instanceof ApiClientError && error.kind === 'network') || (typeof navigator !== 'undefined' && navigator.onLine === false);
}
