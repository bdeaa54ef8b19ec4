/**
 * Menu and access rules of spec §6, derived from the route registry.
 */
import { menuFor, type MenuItem, type MenuNode, type Viewer } from './menu-view';
import { ALL_ROUTES, findRoute, isBuilt, type ResolvedRoute, type VisitName, VISIT_NAMES } from './routes';

export { ANONYMOUS, isMenuVisible, menuFor, type MenuItem, type MenuNode, type Viewer } from './menu-view';

function toMenuNode(route: ResolvedRoute, routes: readonly ResolvedRoute[]): MenuNode | null {
  const visibility = route.def.menu;
  if (!visibility) return null;
  const children = routes
    .filter((r) => r.parent === route)
    .map((r) => toMenuNode(r, routes))
    .filter((m): m is MenuNode => m !== null);
  const navigable = isBuilt(route) && !route.path.includes(':');
  if (!navigable && children.length === 0) return null;
  return { path: route.path, title: route.def.title, navigable, visibility, children };
}

/** Every menu entry of the registry with who may see it; the header filters it per viewer (`menuFor`). */
export function menuTree(routes: readonly ResolvedRoute[] = ALL_ROUTES): MenuNode[] {
  return routes
    .filter((r) => !r.parent)
    .map((r) => toMenuNode(r, routes))
    .filter((m): m is MenuNode => m !== null);
}

/** The top navigation for a viewer: only screens that exist and that the viewer may see. */
export function buildMenu(viewer: Viewer, routes: readonly ResolvedRoute[] = ALL_ROUTES): MenuItem[] {
  return menuFor(menuTree(routes), viewer);
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
