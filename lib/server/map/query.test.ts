import type { Session } from '../session';
import type { Queryable, SqlParam } from '../db/types';
import type { LayerAccess, MapLayer, RegionScope } from './layers';
import { accessClause, mapCaller, mayRead, resolveCaller } from './query';

const restricted: LayerAccess = { kind: 'restricted', permission: 'MOD_056', regionCode: 's.xzqdm' };

function clause(access: LayerAccess, caller: Parameters<typeof accessClause>[1]) {
  const params: SqlParam[] = ['earlier'];
  return { sql: accessClause(access, caller, params), params: params.slice(1) };
}

describe('a layer access rule as SQL', () => {
  it('adds nothing on public layers, for anyone', () => {
    expect(clause({ kind: 'public' }, null)).toEqual({ sql: null, params: [] });
  });

  it('gives nothing to anonymous callers and to callers without the permission', () => {
    expect(clause(restricted, null)).toEqual({ sql: 'FALSE', params: [] });
    expect(clause(restricted, { permissions: ['MOD_061'], ranges: null })).toEqual({ sql: 'FALSE', params: [] });
  });

  it('limits permitted callers to their area ranges: none is nothing, the country is everything', () => {
    expect(clause(restricted, { permissions: ['MOD_056'], ranges: [] })).toEqual({ sql: 'FALSE', params: [] });
    expect(clause(restricted, { permissions: ['MOD_056'], ranges: null })).toEqual({ sql: null, params: [] });
    expect(clause(restricted, { permissions: ['MOD_056'], ranges: ['13', '110101'] })).toEqual({
      sql: 's.xzqdm LIKE ANY ($2::text[])',
      params: [['13%', '110101%']],
    });
    expect(clause({ ...restricted, regionCode: null }, { permissions: ['MOD_056'], ranges: [] })).toEqual({ sql: null, params: [] });
  });

  it('reads the caller from the session with the shared area-range rule', () => {
    const session: Session = { sessionId: 's', userId: '1', username: 'u', accountType: 1, permissions: ['MOD_056'], regionIds: [] };
    expect(mapCaller(null)).toBeNull();
    expect(mapCaller(session)).toEqual({ permissions: ['MOD_056'], ranges: [] });
    expect(mapCaller({ ...session, regionIds: ['130100', '100000'] })?.ranges).toBeNull();
  });
});

describe('which layers a caller may read (what capabilities list)', () => {
  it('agrees with the SQL rule: a layer is listed exactly when its rule is not FALSE', () => {
    const callers = [
      null,
      { permissions: ['MOD_061'], ranges: null },
      { permissions: ['MOD_056'], ranges: [] },
      { permissions: ['MOD_056'], ranges: null },
      { permissions: ['MOD_056'], ranges: ['13'] },
    ];
    for (const access of [{ kind: 'public' } as const, restricted, { ...restricted, regionCode: null }]) {
      for (const caller of callers) expect(mayRead(access, caller)).toBe(clause(access, caller).sql !== 'FALSE');
    }
    expect(mayRead(restricted, null)).toBe(false);
    expect(mayRead({ kind: 'public' }, null)).toBe(true);
  });
});

describe('a scoped layer (region prefixes its own domain gives each caller)', () => {
  const session: Session = { sessionId: 's', userId: '7', username: 'u', accountType: 1, permissions: [], regionIds: ['110000'] };
  const db = {} as Queryable;
  const given: Record<string, readonly string[] | null> = { '7': ['1301', '130102'], '8': [], '9': null };
  const asked: string[] = [];
  const scope: RegionScope = {
    name: 'probe',
    prefixes: async (s) => {
      asked.push(s.userId);
      return s.userId in given ? (given[s.userId] as readonly string[] | null) : [];
    },
  };
  const scoped: LayerAccess = { kind: 'scoped', scope, regionCode: 'c.xzqdm' };
  const layer = (name: string, access: LayerAccess) => ({ name, access }) as MapLayer;

  beforeEach(() => asked.splice(0));

  it('limits rows to the scope’s prefixes, not the session’s area ranges', async () => {
    const caller = await resolveCaller(session, db, [layer('a', scoped), layer('b', scoped)]);
    // One resolver call per request, however many layers name the scope.
    expect(asked).toEqual(['7']);
    expect(clause(scoped, caller)).toEqual({ sql: 'c.xzqdm LIKE ANY ($2::text[])', params: [['1301%', '130102%']] });
    expect(mayRead(scoped, caller)).toBe(true);
  });

  it('gives nothing to anonymous callers (never asking the scope) and to callers the scope gives no prefix', async () => {
    expect(await resolveCaller(null, db, [layer('a', scoped)])).toBeNull();
    expect(asked).toEqual([]);
    expect(clause(scoped, null)).toEqual({ sql: 'FALSE', params: [] });
    const none = await resolveCaller({ ...session, userId: '8' }, db, [layer('a', scoped)]);
    expect(clause(scoped, none)).toEqual({ sql: 'FALSE', params: [] });
    expect(mayRead(scoped, none)).toBe(false);
  });

  it('gives every row when the scope says no limit', async () => {
    const all = await resolveCaller({ ...session, userId: '9' }, db, [layer('a', scoped)]);
    expect(clause(scoped, all)).toEqual({ sql: null, params: [] });
    expect(mayRead(scoped, all)).toBe(true);
  });

  it('refuses a scope that was not resolved for the request, and a prefix that could widen the pattern', async () => {
    const unresolved = await resolveCaller(session, db, []);
    expect(() => clause(scoped, unresolved)).toThrow(/not resolved/);
    const wild: RegionScope = { name: 'wild', prefixes: async () => ['13%'] };
    await expect(resolveCaller(session, db, [layer('w', { kind: 'scoped', scope: wild, regionCode: 'x' })])).rejects.toThrow(/prefix/);
  });
});
