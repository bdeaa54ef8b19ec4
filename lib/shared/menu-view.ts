/**
 * The menu as the browser needs it: a tree the server derives from the route registry (lib/shared/menu.ts
 * `menuTree`), filtered here for a viewer. Imports no route table, so the header on every page ships only the
 * menu's entries, not the registry (first-load JavaScript, issue 32.5).
 */
import type { MenuVisibility, RouteTitleKey } from './routes';

export interface Viewer {
  loggedIn: boolean;
  permissions: readonly string[];
}

export const ANONYMOUS: Viewer = { loggedIn: false, permissions: [] };

/** Spec §6: always-visible; login-only when logged in; or the display permission is held. */
export function isMenuVisible(visibility: MenuVisibility, viewer: Viewer): boolean {
  if (visibility === 'always') return true;
  if (visibility === 'login') return viewer.loggedIn;
  return viewer.loggedIn && viewer.permissions.includes(visibility.permission);
}

export interface MenuItem {
  path: string;
  title: RouteTitleKey;
  /** The item has a page of its own (otherwise it is only a heading). */
  navigable: boolean;
  children: MenuItem[];
}

/** A menu entry before it is filtered for a viewer: who may see it. */
export interface MenuNode extends Omit<MenuItem, 'children'> {
  visibility: MenuVisibility;
  children: MenuNode[];
}

function itemFor(node: MenuNode, viewer: Viewer): MenuItem | null {
  if (!isMenuVisible(node.visibility, viewer)) return null;
  const children = node.children.map((child) => itemFor(child, viewer)).filter((m): m is MenuItem => m !== null);
  if (!node.navigable && children.length === 0) return null;
  return { path: node.path, title: node.title, navigable: node.navigable, children };
}

/** The top navigation for a viewer: only the entries the viewer may see, headings only where something is below. */
export function menuFor(tree: readonly MenuNode[], viewer: Viewer): MenuItem[] {
  return tree.map((node) => itemFor(node, viewer)).filter((m): m is MenuItem => m !== null);
}
