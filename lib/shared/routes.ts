/**
 * The route registry: every screen of spec §2, once. Menus, the proxy's gate, the sitemap and the
 * visit counter are derived from it; nothing else hard-codes a protected path or a menu.
 *
 * `built` marks screens that exist in this codebase. A screen that is not built yet is hidden from
 * menus and treated as an unknown path (which redirects home), so no visitor meets a dead link.
 */
import { THEME_IDS } from './themes/ids';
import type zh from '../../messages/zh.json';
import { PERMISSIONS, type PermissionCode } from './permissions';

/** Route names of the visit-count whitelist (spec §2), plus Shopping (counted as Personal). */
export const VISIT_NAMES = [
  'ALL',
  'Home',
  'PlatformIntro',
  'NewsList',
  'Geo',
  'ChineseSatellite',
  'GlobalSatellite',
  'DynamicAnalysis',
  'TypicalImage',
  'Normal',
  'CoverageStatics',
  'Push',
  'SpotStatistics',
  'Lawenforceinspect',
  'Earthsurface',
  'Road',
  'Nonagricultural',
  'Plantingstructure',
  'Pvland',
  'Windmill',
  'Steelplant',
  'OrbitalPredict',
  'Software',
  'FileShare',
  'ContactUs',
  'Personal',
  'Login',
] as const;
export type VisitName = (typeof VISIT_NAMES)[number];

export type RouteTitleKey = keyof (typeof zh)['Routes'];

/** Who sees a menu item (spec §6): always, any signed-in user (NEED_LOGIN), or holders of a permission. */
export type MenuVisibility = 'always' | 'login' | { permission: PermissionCode };

export interface RouteDef {
  /** Path segment(s) below the parent; `:id` marks a dynamic segment. */
  segment: string;
  title: RouteTitleKey;
  /** The route name; whitelisted names are counted by the visit counter. */
  name?: VisitName | 'Shopping';
  /** Permission needed to open the screen. */
  authority?: PermissionCode;
  /** Any signed-in user may open it. */
  loginOnly?: boolean;
  /** Placement in the top navigation; absent means not in a menu. */
  menu?: MenuVisibility;
  /** The screen exists in this codebase. */
  built?: boolean;
  /** Public content that belongs in the sitemap. */
  indexable?: boolean;
  children?: readonly RouteDef[];
}

const NEED_LOGIN: MenuVisibility = 'login';
const ALWAYS: MenuVisibility = 'always';
const perm = (permission: PermissionCode): MenuVisibility => ({ permission });

const CHINESE_SATELLITES = [
  'zy102c',
  'zy102d',
  'cbers04a',
  'zy3',
  'gf1bcd',
  'lsar',
  'csar',
  'gf1',
  'gf2',
  'gf3',
  'gf4',
  'gf5',
  'gf6',
  'gf7',
  'multimode',
  'th01',
  'jl1',
  'bj2',
  'sv1',
  'zhuhai',
] as const;
const GLOBAL_SATELLITES = [
  'landsat',
  'rapideye',
  'planetscope',
  'skysat',
  'geoeye',
  'worldview',
  'sentinel2',
  'spot',
  'pleiades',
  'irs',
  'kompsat',
  'prisma',
  'eo1',
  'enmap',
  'radarsat',
  'sentinel1',
  'cosmoskymed',
  'terrasarx',
  'alos2',
  'kompsat5',
  'icesat2',
  'gracefo',
] as const;
const ANALYSIS_PAGES = [
  'general-statistic',
  'country-analysis',
  'categories-statistic',
  'investment-pattern-analysis',
  'level-contrast',
  'development-plan',
] as const;
const TYPICAL_IMAGES = ['zy3', 'gf1', 'gf2', 'gf4', 'gf7', 'lsar'] as const;

const detailChild = (title: RouteTitleKey): RouteDef => ({ segment: 'detail/:id', title, indexable: true });
/** A news list's detail pages and its further pages (page 1 is the list itself). */
const NEWS_LIST_CHILDREN: RouteDef[] = [
  { ...detailChild('newsDetail'), built: true },
  { segment: 'page/:n', title: 'newsList', indexable: true, built: true },
];

/** Further pages of a file share list (page 1 is the list itself). */
const FILE_SHARE_PAGES: RouteDef[] = [{ segment: 'page/:n', title: 'fileShare', indexable: true, built: true }];

/** The monitoring screens in menu order (spec §2), each built when a theme of that path is declared. */
const MONITOR_ROUTES: RouteDef[] = [
  // Issue 6 / spec §4: land cover's statistics module is public (only the menu entry needs MOD_056); detail, grid
  // and sequence ask for a session, the permission and an area range inside the screen, and their APIs check all three.
  { segment: 'landcover', title: 'landcover', menu: perm(PERMISSIONS.LANDCOVER) },
  {
    segment: 'surfaceDeform',
    title: 'surfaceDeform',
    name: 'Earthsurface',
    authority: PERMISSIONS.SURFACE_DEFORM,
    menu: perm(PERMISSIONS.SURFACE_DEFORM),
  },
  { segment: 'road', title: 'road', name: 'Road', authority: PERMISSIONS.ROAD, menu: perm(PERMISSIONS.ROAD) },
  {
    segment: 'nonagricultural',
    title: 'nonagricultural',
    name: 'Nonagricultural',
    authority: PERMISSIONS.NON_AGRICULTURAL,
    menu: perm(PERMISSIONS.NON_AGRICULTURAL),
  },
  {
    segment: 'plantingstructure',
    title: 'plantingstructure',
    name: 'Plantingstructure',
    authority: PERMISSIONS.PLANTING_STRUCTURE,
    menu: perm(PERMISSIONS.PLANTING_STRUCTURE),
  },
  { segment: 'pvland', title: 'pvland', name: 'Pvland', authority: PERMISSIONS.PVLAND, menu: perm(PERMISSIONS.PVLAND) },
  { segment: 'windmill', title: 'windmill', name: 'Windmill', authority: PERMISSIONS.WINDMILL, menu: perm(PERMISSIONS.WINDMILL) },
  { segment: 'steelplant', title: 'steelplant', name: 'Steelplant', authority: PERMISSIONS.STEELPLANT, menu: perm(PERMISSIONS.STEELPLANT) },
];

function declaredTheme(route: RouteDef): RouteDef {
  // Only the ids, not the declarations: the menu is in every page's first load. A theme's path is
  // /monitor/<id> and its permission the route's (lib/shared/themes/themes.test.ts holds both).
  // A theme id with underscores has its camel-cased path (surface_deform → surfaceDeform).
  if (!THEME_IDS.some((id) => id.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()) === route.segment)) return route;
  // A built theme's screen is open: its statistics module is public (spec §4, §6; issue 6). Its menu entry,
  // detail modules, APIs and layers need the theme's permission.
  return { ...route, authority: undefined, built: true };
}

export const ROUTES: readonly RouteDef[] = [
  { segment: 'home', title: 'home', name: 'Home', menu: ALWAYS, built: true, indexable: true },
  {
    segment: 'satellite',
    title: 'satellite',
    menu: ALWAYS,
    // Redirects to the Chinese satellites.
    built: true,
    children: [
      {
        segment: 'chinese',
        title: 'chineseSatellite',
        name: 'ChineseSatellite',
        menu: ALWAYS,
        indexable: true,
        built: true,
        children: CHINESE_SATELLITES.map((segment) => ({ segment, title: 'satellitePage', indexable: true, built: true })),
      },
      {
        segment: 'global',
        title: 'globalSatellite',
        name: 'GlobalSatellite',
        menu: ALWAYS,
        indexable: true,
        built: true,
        children: GLOBAL_SATELLITES.map((segment) => ({ segment, title: 'satellitePage', indexable: true, built: true })),
      },
      {
        segment: 'analysis',
        title: 'dynamicAnalysis',
        name: 'DynamicAnalysis',
        menu: ALWAYS,
        indexable: true,
        built: true,
        children: ANALYSIS_PAGES.map((segment) => ({ segment, title: 'analysisPage', indexable: true, built: true })),
      },
      {
        segment: 'image',
        title: 'typicalImage',
        name: 'TypicalImage',
        menu: ALWAYS,
        indexable: true,
        built: true,
        children: TYPICAL_IMAGES.map((segment) => ({ segment, title: 'typicalImagePage', indexable: true, built: true })),
      },
    ],
  },
  {
    segment: 'platform',
    title: 'platform',
    menu: ALWAYS,
    children: [
      { segment: 'platformIntro', title: 'platformIntro', name: 'PlatformIntro', menu: ALWAYS, indexable: true, built: true },
      {
        segment: 'newsList',
        title: 'newsList',
        name: 'NewsList',
        menu: ALWAYS,
        children: [
          { segment: 'notic', title: 'newsNotice', menu: ALWAYS, indexable: true, built: true, children: NEWS_LIST_CHILDREN },
          { segment: 'trend', title: 'newsTrend', menu: ALWAYS, indexable: true, built: true, children: NEWS_LIST_CHILDREN },
          { segment: 'media', title: 'newsMedia', menu: ALWAYS, indexable: true, built: true, children: NEWS_LIST_CHILDREN },
        ],
      },
      {
        segment: 'GEO',
        title: 'geo',
        name: 'Geo',
        menu: ALWAYS,
        children: [
          { segment: 'dynamicInfo', title: 'geoDynamicInfo', menu: ALWAYS, indexable: true, built: true, children: NEWS_LIST_CHILDREN },
          { segment: 'plan', title: 'geoPlan', menu: ALWAYS, indexable: true, built: true },
          { segment: 'cooperation', title: 'geoCooperation', menu: ALWAYS, indexable: true, built: true, children: NEWS_LIST_CHILDREN },
          { segment: 'organization', title: 'geoOrganization', menu: ALWAYS, indexable: true, built: true, children: NEWS_LIST_CHILDREN },
          { segment: 'links', title: 'geoLinks', menu: ALWAYS, indexable: true, built: true },
        ],
      },
    ],
  },
  { segment: 'normal', title: 'normal', name: 'Normal', menu: ALWAYS, built: true },
  {
    segment: 'statistics',
    title: 'statistics',
    menu: ALWAYS,
    children: [
      { segment: 'coverage-statics', title: 'coverageStatics', name: 'CoverageStatics', menu: ALWAYS, built: true },
      { segment: 'push', title: 'push', name: 'Push', menu: NEED_LOGIN, loginOnly: true, built: true },
      { segment: 'spot', title: 'spotStatistics', name: 'SpotStatistics', menu: ALWAYS, built: true },
    ],
  },
  {
    segment: 'verify',
    title: 'verify',
    menu: NEED_LOGIN,
    children: [
      {
        segment: 'lawenforceinspect',
        title: 'lawenforceinspect',
        name: 'Lawenforceinspect',
        menu: NEED_LOGIN,
        loginOnly: true,
        children: [
          { segment: 'spotAuto', title: 'spotAuto', menu: NEED_LOGIN, loginOnly: true, built: true },
          { segment: 'spotTrack', title: 'spotTrack', menu: NEED_LOGIN, loginOnly: true, built: true },
          { segment: 'spotConfirm', title: 'spotConfirm', menu: NEED_LOGIN, loginOnly: true, built: true },
          { segment: 'lawSpotDetail', title: 'lawSpotDetail', loginOnly: true, built: true },
          // Issue 34.2: the checker's field app (offline), beside the spec's four screens.
          { segment: 'fieldWork', title: 'fieldWork', menu: NEED_LOGIN, loginOnly: true, built: true },
        ],
      },
    ],
  },
  {
    segment: 'monitor',
    title: 'monitor',
    menu: ALWAYS,
    children: [
      // Issue 6 / spec §4: the statistics module is public (only the menu entry needs MOD_056); detail, grid
      // and sequence ask for a session, the permission and an area range inside the screen, and their APIs
      // check all three on the server.
      // The declared themes (lib/shared/themes) are built; the others wait for their issue.
      ...MONITOR_ROUTES.map(declaredTheme),
    ],
  },
  {
    segment: 'applicationExtend',
    title: 'applicationExtend',
    menu: ALWAYS,
    children: [
      { segment: 'orbitalPredict', title: 'orbitalPredict', name: 'OrbitalPredict', menu: ALWAYS, built: true },
      {
        segment: 'software',
        title: 'software',
        name: 'Software',
        menu: ALWAYS,
        indexable: true,
        built: true,
        children: [{ segment: ':slug', title: 'software', indexable: true, built: true }],
      },
      {
        segment: 'fileShare',
        title: 'fileShare',
        name: 'FileShare',
        menu: ALWAYS,
        built: true,
        children: [
          { segment: 'application', title: 'fileShareApplication', menu: ALWAYS, indexable: true, built: true, children: FILE_SHARE_PAGES },
          { segment: 'course', title: 'fileShareCourse', menu: ALWAYS, indexable: true, built: true, children: FILE_SHARE_PAGES },
          { segment: 'paper', title: 'fileSharePaper', menu: ALWAYS, indexable: true, built: true, children: FILE_SHARE_PAGES },
        ],
      },
    ],
  },
  {
    segment: 'personal/personalCenter',
    title: 'personalCenter',
    name: 'Personal',
    loginOnly: true,
    built: true,
    children: [
      { segment: 'info', title: 'personalInfo', loginOnly: true, built: true },
      { segment: 'shopping', title: 'shopping', name: 'Shopping', loginOnly: true, built: true },
      {
        segment: 'myOrder',
        title: 'myOrder',
        loginOnly: true,
        built: true,
        children: [{ segment: ':id', title: 'myOrder', loginOnly: true, built: true }],
      },
      {
        segment: 'myApply',
        title: 'myApply',
        loginOnly: true,
        built: true,
        children: [{ segment: 'new', title: 'myApplyNew', loginOnly: true, built: true }],
      },
      // Push users' batches (issue 35.2); others read that they are not a push user.
      {
        segment: 'myPush',
        title: 'myPush',
        loginOnly: true,
        built: true,
        children: [
          { segment: ':id', title: 'myPush', loginOnly: true, built: true },
          // A spot push batch (issue 35.3).
          { segment: 'spot/:id', title: 'myPush', loginOnly: true, built: true },
        ],
      },
      { segment: 'mySubscription', title: 'mySubscription', loginOnly: true, built: true },
    ],
  },
  {
    segment: 'about',
    title: 'about',
    menu: ALWAYS,
    children: [
      {
        segment: 'contactUs',
        title: 'contactUs',
        name: 'ContactUs',
        menu: ALWAYS,
        indexable: true,
        children: [
          { segment: 'contact', title: 'contact', menu: ALWAYS, indexable: true, built: true },
          { segment: 'idea', title: 'idea', authority: PERMISSIONS.FEEDBACK, menu: perm(PERMISSIONS.FEEDBACK), built: true },
        ],
      },
      { segment: 'province', title: 'province', menu: ALWAYS, indexable: true, built: true },
      { segment: 'FAQ', title: 'faq', menu: ALWAYS, indexable: true, built: true },
    ],
  },
  // Editors' and administrators' screens (our own, not in the spec's menus).
  {
    segment: 'manage/news',
    title: 'manageNews',
    authority: PERMISSIONS.EDITOR,
    built: true,
    children: [{ segment: 'preview/:id', title: 'manageNews', authority: PERMISSIONS.EDITOR, built: true }],
  },
  // Administrators answer feedback here (our own screen; reached from the header).
  { segment: 'manage/feedback', title: 'manageFeedback', authority: PERMISSIONS.ADMIN, built: true },
  // Administrators review data applications and manage orders here (issue 19; reached from the header).
  { segment: 'manage/applications', title: 'manageApplications', authority: PERMISSIONS.ADMIN, built: true },
  { segment: 'manage/orders', title: 'manageOrders', authority: PERMISSIONS.ADMIN, built: true },
  // Administrators upload fresh orbit elements (TLEs) and choose the current set here (issue 22; reached from the header).
  { segment: 'manage/tle', title: 'manageTle', authority: PERMISSIONS.ADMIN, built: true },
  // Administrators make push users and grant them image and spot types (issue 35.1; reached from the header).
  { segment: 'manage/push', title: 'managePush', authority: PERMISSIONS.ADMIN, built: true },
  { segment: 'register', title: 'register', built: true },
  { segment: 'resetPassword', title: 'resetPassword', built: true },
  { segment: '401', title: 'error401', built: true },
  { segment: '403', title: 'error403', built: true },
  { segment: '404', title: 'error404', built: true },
];

/** A registry node with its full in-locale path (e.g. `/satellite/chinese`) and inherited rules. */
export interface ResolvedRoute {
  path: string;
  def: RouteDef;
  /** Permissions needed on the way down (a child inherits its parents'). */
  authorities: PermissionCode[];
  loginOnly: boolean;
  parent?: ResolvedRoute;
}

/** Resolves a tree of definitions into a flat list with full paths and inherited rules. */
export function resolveRoutes(defs: readonly RouteDef[], parent?: ResolvedRoute): ResolvedRoute[] {
  return defs.flatMap((def) => {
    const resolved: ResolvedRoute = {
      path: `${parent?.path ?? ''}/${def.segment}`,
      def,
      authorities: [...(parent?.authorities ?? []), ...(def.authority ? [def.authority] : [])],
      loginOnly: Boolean(def.loginOnly || parent?.loginOnly),
      parent,
    };
    return [resolved, ...resolveRoutes(def.children ?? [], resolved)];
  });
}

export const ALL_ROUTES: readonly ResolvedRoute[] = resolveRoutes(ROUTES);

function segmentsMatch(pattern: string, path: string): boolean {
  const p = pattern.split('/').filter(Boolean);
  const s = path.split('/').filter(Boolean);
  return p.length === s.length && p.every((seg, i) => seg.startsWith(':') || seg === s[i]);
}

/** The registry entry for an in-locale path such as `/platform/newsList/notic/detail/12`. */
export function findRoute(path: string, routes: readonly ResolvedRoute[] = ALL_ROUTES): ResolvedRoute | undefined {
  const clean = path.replace(/\/+$/, '') || '/';
  return routes.find((r) => segmentsMatch(r.path, clean));
}

/** A route has a screen in this codebase. */
export function isBuilt(route: ResolvedRoute): boolean {
  return Boolean(route.def.built);
}

/** An in-locale path leads to a screen of this codebase (links to screens not built yet are left out). */
export function isBuiltPath(path: string): boolean {
  const route = findRoute(path);
  return route !== undefined && isBuilt(route);
}

/** Where the header's cart icon leads (MOD_061). */
export const CART_PATH = '/personal/personalCenter/shopping';

export const HOME_PATH = '/home';

/**
 * Section paths that open a child screen: spec §2 (/monitor redirects to land cover), and /personal, whose only
 * child is the personal centre (one registry entry, personal/personalCenter).
 */
export const SECTION_REDIRECTS: Readonly<Record<string, string>> = {
  '/monitor': '/monitor/landcover',
  '/personal': '/personal/personalCenter',
};

function isDescendant(route: ResolvedRoute, ancestor: ResolvedRoute): boolean {
  for (let up = route.parent; up; up = up.parent) if (up === ancestor) return true;
  return false;
}

/**
 * Where a section path without a screen of its own leads: the spec's redirect, else its first built screen in
 * menu order (`/platform` → `/platform/platformIntro`, `/about/contactUs` → its contact page). Undefined for a
 * path that has a screen or is not a section.
 */
export function sectionTarget(path: string, routes: readonly ResolvedRoute[] = ALL_ROUTES): string | undefined {
  const clean = path.replace(/\/+$/, '') || '/';
  const explicit = SECTION_REDIRECTS[clean];
  if (explicit) return explicit;
  const section = findRoute(clean, routes);
  if (!section || isBuilt(section) || section.path.includes(':')) return undefined;
  return routes.find((r) => isDescendant(r, section) && isBuilt(r) && !r.path.includes(':'))?.path;
}
