import { ANONYMOUS, buildMenu, decideAccess, isMenuVisible, visitNameFor, type Viewer } from './menu';
import { PERMISSIONS } from './permissions';
import { resolveRoutes, type RouteDef } from './routes';

const member: Viewer = { loggedIn: true, permissions: [] };
const landcoverUser: Viewer = { loggedIn: true, permissions: [PERMISSIONS.LANDCOVER] };

// A registry shaped like the real one, with every kind of item built, so the rules are exercised
// independently of which screens exist today.
const fixture = resolveRoutes([
  { segment: 'home', title: 'home', menu: 'always', built: true },
  {
    segment: 'monitor',
    title: 'monitor',
    menu: 'always',
    children: [
      {
        segment: 'landcover',
        title: 'landcover',
        authority: PERMISSIONS.LANDCOVER,
        menu: { permission: PERMISSIONS.LANDCOVER },
        built: true,
      },
      { segment: 'road', title: 'road', authority: PERMISSIONS.ROAD, menu: { permission: PERMISSIONS.ROAD }, built: true },
    ],
  },
  { segment: 'verify', title: 'verify', menu: 'login', loginOnly: true, built: true },
  { segment: 'normal', title: 'normal', menu: 'always' },
  { segment: 'personal', title: 'personalCenter', loginOnly: true, built: true },
] satisfies RouteDef[]);

const titles = (viewer: Viewer) => buildMenu(viewer, fixture).map((m) => [m.title, m.children.map((c) => c.title)] as const);

describe('menu rules (spec §6)', () => {
  it('shows always-visible items to everyone', () => {
    expect(isMenuVisible('always', ANONYMOUS)).toBe(true);
  });

  it('shows login-only items only when logged in', () => {
    expect(isMenuVisible('login', ANONYMOUS)).toBe(false);
    expect(isMenuVisible('login', member)).toBe(true);
  });

  it('shows permission items only to holders of the display permission', () => {
    const rule = { permission: PERMISSIONS.LANDCOVER } as const;
    expect(isMenuVisible(rule, ANONYMOUS)).toBe(false);
    expect(isMenuVisible(rule, member)).toBe(false);
    expect(isMenuVisible(rule, landcoverUser)).toBe(true);
  });

  it('builds the menu from the registry: hides empty groups, unbuilt screens and items not in a menu', () => {
    expect(titles(ANONYMOUS)).toEqual([['home', []]]);
    expect(titles(member)).toEqual([
      ['home', []],
      ['verify', []],
    ]);
    expect(titles(landcoverUser)).toEqual([
      ['home', []],
      ['monitor', ['landcover']],
      ['verify', []],
    ]);
  });

  it('shows only screens that exist in the real registry', () => {
    const items = buildMenu(ANONYMOUS);
    expect(items.map((i) => i.path)).toContain('/home');
    const walk = (list: typeof items): boolean => list.every((i) => (i.navigable || i.children.length > 0) && walk(i.children));
    expect(walk(items)).toBe(true);
  });

  it('links a signed-in user to the verification lists, and asks a visitor to log in for them (issue 33.3)', () => {
    const paths = (list: ReturnType<typeof buildMenu>): string[] =>
      list.flatMap((i) => [...(i.navigable ? [i.path] : []), ...paths(i.children)]);
    const signedIn = paths(buildMenu({ loggedIn: true, permissions: [] }));
    for (const screen of ['spotAuto', 'spotConfirm', 'spotTrack']) {
      expect(signedIn).toContain(`/verify/lawenforceinspect/${screen}`);
      expect(decideAccess(`/verify/lawenforceinspect/${screen}`, ANONYMOUS)).toBe('login');
    }
    expect(paths(buildMenu(ANONYMOUS)).filter((p) => p.startsWith('/verify'))).toEqual([]);
  });
});

describe('route guard', () => {
  it('sends unknown and unbuilt paths home', () => {
    expect(decideAccess('/nowhere', ANONYMOUS, fixture)).toBe('unknown');
    expect(decideAccess('/normal', landcoverUser, fixture)).toBe('unknown');
  });

  it('asks visitors to log in for login-only and permission screens', () => {
    expect(decideAccess('/personal', ANONYMOUS, fixture)).toBe('login');
    expect(decideAccess('/monitor/landcover', ANONYMOUS, fixture)).toBe('login');
    expect(decideAccess('/personal', member, fixture)).toBe('allow');
  });

  it('forbids a signed-in user without the permission', () => {
    expect(decideAccess('/monitor/road', landcoverUser, fixture)).toBe('forbidden');
    expect(decideAccess('/monitor/landcover', landcoverUser, fixture)).toBe('allow');
  });
});

describe('visit names (spec §7)', () => {
  it('counts whitelisted sections by their first two segments', () => {
    expect(visitNameFor('/home')).toBe('Home');
    expect(visitNameFor('/satellite/chinese')).toBe('ChineseSatellite');
    expect(visitNameFor('/satellite/chinese/gf1')).toBe('ChineseSatellite');
    expect(visitNameFor('/platform/newsList/notic/detail/3')).toBe('NewsList');
    expect(visitNameFor('/monitor/windmill')).toBe('Windmill');
    // Spec §7's whitelist names the surface-deformation screen Earthsurface (issue 32.7).
    expect(visitNameFor('/monitor/surfaceDeform')).toBe('Earthsurface');
  });

  it('counts the Shopping route as Personal', () => {
    expect(visitNameFor('/personal/personalCenter/shopping')).toBe('Personal');
    expect(visitNameFor('/personal/personalCenter')).toBe('Personal');
  });

  it('counts nothing for unnamed or unknown routes', () => {
    expect(visitNameFor('/monitor/landcover')).toBeNull();
    expect(visitNameFor('/401')).toBeNull();
    expect(visitNameFor('/nowhere/at/all')).toBeNull();
  });

  it('lists the spot statistics for everyone, visitors too: its figures are public (issue 36.4)', () => {
    const paths = (list: ReturnType<typeof buildMenu>): string[] =>
      list.flatMap((i) => [...(i.navigable ? [i.path] : []), ...paths(i.children)]);
    expect(paths(buildMenu(ANONYMOUS))).toContain('/statistics/spot');
    expect(decideAccess('/statistics/spot', ANONYMOUS)).toBe('allow');
  });
});
