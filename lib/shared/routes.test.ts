import en from '../../messages/en.json';
import zh from '../../messages/zh.json';
import { PERMISSIONS } from './permissions';
import { ALL_ROUTES, findRoute, isBuilt, isBuiltPath, sectionTarget, VISIT_NAMES } from './routes';

describe('route registry', () => {
  it('holds every screen of the spec once', () => {
    const paths = ALL_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of [
      '/home',
      '/register',
      '/resetPassword',
      '/401',
      '/403',
      '/404',
      '/satellite/chinese/gf1',
      '/satellite/global/sentinel2',
      '/satellite/analysis/level-contrast',
      '/satellite/image/lsar',
      '/platform/platformIntro',
      '/platform/newsList/notic/detail/:id',
      '/platform/newsList/media',
      '/platform/GEO/dynamicInfo/detail/:id',
      '/platform/GEO/links',
      '/normal',
      '/statistics/coverage-statics',
      '/statistics/push',
      '/statistics/spot',
      '/verify/lawenforceinspect/spotAuto',
      '/verify/lawenforceinspect/lawSpotDetail',
      '/monitor/landcover',
      '/monitor/steelplant',
      '/applicationExtend/orbitalPredict',
      '/applicationExtend/software',
      '/applicationExtend/fileShare/paper',
      '/personal/personalCenter/info',
      '/personal/personalCenter/shopping',
      '/personal/personalCenter/myOrder',
      '/personal/personalCenter/myApply',
      '/about/contactUs/idea',
      '/about/province',
      '/about/FAQ',
    ]) {
      expect(paths).toContain(path);
    }
    expect(ALL_ROUTES.filter((r) => r.path.startsWith('/satellite/chinese/'))).toHaveLength(20);
    expect(ALL_ROUTES.filter((r) => r.path.startsWith('/satellite/global/'))).toHaveLength(22);
  });

  it('names every whitelisted route exactly once', () => {
    const names = ALL_ROUTES.map((r) => r.def.name).filter(Boolean);
    expect(new Set(names).size).toBe(names.length);
    for (const name of VISIT_NAMES.filter((n) => n !== 'ALL' && n !== 'Login')) expect(names).toContain(name);
    expect(names).toContain('Shopping');
  });

  it('guards each monitoring theme with its MOD code, shown only with the same display permission', () => {
    const themes = {
      landcover: PERMISSIONS.LANDCOVER,
      surfaceDeform: PERMISSIONS.SURFACE_DEFORM,
      road: PERMISSIONS.ROAD,
      pvland: PERMISSIONS.PVLAND,
      windmill: PERMISSIONS.WINDMILL,
      steelplant: PERMISSIONS.STEELPLANT,
      nonagricultural: PERMISSIONS.NON_AGRICULTURAL,
      plantingstructure: PERMISSIONS.PLANTING_STRUCTURE,
    };
    for (const [segment, code] of Object.entries(themes)) {
      const route = findRoute(`/monitor/${segment}`);
      // A built theme's screen is open (its statistics module is public, issue 6); its menu entry and its
      // detail, grid and sequence modules (and their APIs) need the code. Unbuilt themes stay guarded.
      expect(route?.authorities).toEqual(route && isBuilt(route) ? [] : [code]);
      expect(route?.def.menu).toEqual({ permission: code });
    }
    expect(isBuilt(findRoute('/monitor/landcover')!)).toBe(true);
    expect(findRoute('/about/contactUs/idea')?.authorities).toEqual([PERMISSIONS.FEEDBACK]);
  });

  it('requires login for every personal screen, inherited by children', () => {
    for (const r of ALL_ROUTES.filter((r) => r.path.startsWith('/personal/'))) expect(r.loginOnly).toBe(true);
  });

  it('has a title in both languages for every route', () => {
    for (const r of ALL_ROUTES) {
      expect(zh.Routes[r.def.title]).toBeTruthy();
      expect(en.Routes[r.def.title]).toBeTruthy();
    }
  });

  it('matches dynamic segments and ignores trailing slashes', () => {
    expect(findRoute('/platform/newsList/trend/detail/42')?.path).toBe('/platform/newsList/trend/detail/:id');
    expect(findRoute('/home/')?.path).toBe('/home');
    expect(findRoute('/nowhere')).toBeUndefined();
    expect(findRoute('/platform/newsList/trend/detail')).toBeUndefined();
  });
});

describe('section paths (issue 32.7: they went home instead of to their first screen)', () => {
  it('lead to the first built screen below them, in menu order', () => {
    const targets = Object.fromEntries(['/platform', '/applicationExtend', '/about/contactUs', '/personal', '/monitor'].map((p) => [p, sectionTarget(p)]));
    expect(targets).toEqual({
      '/platform': '/platform/platformIntro',
      '/applicationExtend': '/applicationExtend/orbitalPredict',
      '/about/contactUs': '/about/contactUs/contact',
      '/personal': '/personal/personalCenter',
      '/monitor': '/monitor/landcover',
    });
    for (const [section, target] of Object.entries(targets)) expect([section, isBuiltPath(target!)]).toEqual([section, true]);
    // A trailing slash is the same section.
    expect(sectionTarget('/platform/')).toBe(targets['/platform']);
  });

  it('leave screens, parameterised paths and unknown paths alone', () => {
    expect(sectionTarget('/home')).toBeUndefined();
    expect(sectionTarget('/platform/platformIntro')).toBeUndefined();
    expect(sectionTarget('/no/such/section')).toBeUndefined();
  });
});
