/**
 * Menu and access rules of spec §6, derived from the route registry.
 */
import { ALL_ROUTES, findRoute, isBuilt, type MenuVisibility, type ResolvedRoute, type RouteTitleKey, type VisitName, VISIT_NAMES } from './routes';

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

function toMenuItem(route: ResolvedRoute, viewer: Viewer, routes: readonly ResolvedRoute[]): MenuItem | null {
  const visibility = route.def.menu;
  if (!visibility || !isMenuVisible(visibility, viewer)) return null;
  const children = routes
    .filter((r) => r.parent === route)
    .map((r) => toMenuItem(r, viewer, routes))
    .filter((m): m is MenuItem => m !== null);
  const navigable = isBuilt(route) && !route.path.includes(':');
  if (!navigable && children.length === 0) return null;
  return { path: route.path, title: route.def.title, navigable, children };
}

/** The top navigation for a viewer: only screens that exist and that the viewer may see. */
export function buildMenu(viewer: Viewer, routes: readonly ResolvedRoute[] = ALL_ROUTES): MenuItem[] {
  return routes
    .filter((r) => !r.parent)
    .map((r) => toMenuItem(r, viewer, routes))
    .filter((m): m is MenuItem => m !== null);
}

export type AccessDecision = 'allow' | 'login' | 'forbidden' | 'unknown';

/** Spec §4/§5 route guard: unknown and unbuilt paths go home; authority needs the permission; login-only needs a session. */
export function decideAccess(path: string, viewer: Viewer, routes: readonly ResolvedRoute[] = ALL_ROUTES): AccessDecision {
  const route = findRoute(path, routes);
  if (!route || !isBuilt(route)) return 'unknown';
  if (route.authorities.length > 0) {
    if (!viewer.loggedIn) return 'login';
    return route.authorities.every((a) => viewer.permissions.includes(a)) ? 'allow' : 'forbidden';
  }
  if (route.loginOnly && !viewer.loggedIn) return 'login';
  return 'allow';
}

const WHITELIST: ReadonlySet<string> = new Set(VISIT_NAMES);

export function isVisitName(name: string): name is VisitName {
  return WHITELIST.has(name);
}

/**
 * The visit name to count after navigating to `path` (in-locale, e.g. `/platform/newsList/notic`).
 * Spec §7: counted for a two-segment path whose route name is whitelisted; the Shopping route counts as
 * Personal. We read "two-segment path" as the screen at the first two segments of the path, so a deeper
 * page (a news detail) counts towards its section and `/home` counts as Home.
 */
export function visitNameFor(path: string): VisitName | null {
  const route = findRoute(path);
  if (route?.def.name === 'Shopping') return 'Personal';
  const head = '/' + path.split('/').filter(Boolean).slice(0, 2).join('/');
  const section = findRoute(head);
  const name = section?.def.name;
  if (!name || name === 'Shopping' || !isVisitName(name) || name === 'ALL' || name === 'Login') return null;
  return name;
}
