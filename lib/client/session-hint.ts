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
