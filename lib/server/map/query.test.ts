import type { Session } from '../session';
import type { SqlParam } from '../db/types';
import type { LayerAccess } from './layers';
import { accessClause, mapCaller, mayRead } from './query';

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
