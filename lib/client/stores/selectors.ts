import type { Viewer } from '../../shared/menu-view';
import type { SessionStore } from './session-store';

export const selectUser = (s: SessionStore) => s.user;
export const selectCartCount = (s: SessionStore) => s.cartCount;
export const selectLoginOpen = (s: SessionStore) => s.loginOpen;

/**
 * The viewer for menu rules, as two selections that each keep their identity while the session does: the menu
 * reads them without zustand's shallow comparison, which would be part of every page's first-load script.
 */
const NO_PERMISSIONS: readonly string[] = [];
export const selectLoggedIn = (s: SessionStore): Viewer['loggedIn'] => s.user !== null;
export const selectPermissions = (s: SessionStore): Viewer['permissions'] => s.user?.permissions ?? NO_PERMISSIONS;

/** Spec §4: the cart badge shows the number, or 99+ over 99. */
export function cartBadge(count: number): string {
  return count > 99 ? '99+' : String(count);
}
