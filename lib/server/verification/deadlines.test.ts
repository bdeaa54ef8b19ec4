import { VERIFICATION_STATUSES, verificationMachine } from '../../shared/workflow';
import { ESCALATES_TO, HOLDER_LEVEL, STAGE_HOLDER, escalationScope, holderRegionCode, stagesHeldBy } from './deadlines';

describe('who holds a verification case, and who it escalates to', () => {
  it('names as holder of every open stage a role the machine lets move the case on from it, and nobody once closed', () => {
    for (const stage of VERIFICATION_STATUSES) {
      const movers = verificationMachine.transitions.filter((t) => t.from === stage).flatMap((t) => t.by);
      const holder = STAGE_HOLDER[stage];
      if (movers.length === 0) expect(holder).toBeNull();
      else expect(movers).toContain(holder);
    }
    expect(STAGE_HOLDER.closed).toBeNull();
  });

  it('escalates each level to the one above it', () => {
    expect(Object.entries(ESCALATES_TO).map(([held, to]) => [HOLDER_LEVEL[held as keyof typeof HOLDER_LEVEL], to])).toEqual([
      ['county', 'reviewer'],
      ['city', 'confirmer'],
      ['province', 'admin'],
    ]);
  });

  it('finds the holding region by the county code’s digits', () => {
    expect(holderRegionCode('130102', 'checker')).toBe('130102');
    expect(holderRegionCode('130102', 'reviewer')).toBe('130100');
    expect(holderRegionCode('130102', 'confirmer')).toBe('130000');
    // A city without counties holds its own spots at both levels.
    expect(holderRegionCode('441900', 'reviewer')).toBe('441900');
  });

  it('scopes a reviewer to the county-held stages inside their city, a confirmer to the city-held ones, an administrator to the provinces', () => {
    expect(escalationScope({ userId: 1, admin: false, roles: [{ role: 'reviewer', regionCode: '130100' }] })).toEqual([
      { held: 'checker', stages: ['pushed', 'checking', 'returned', 'ordered', 'rectifying'], pattern: '1301%' },
    ]);
    expect(
      escalationScope({
        userId: 1,
        admin: false,
        roles: [
          { role: 'confirmer', regionCode: '130000' },
          { role: 'checker', regionCode: '130102' },
        ],
      }),
    ).toEqual([{ held: 'reviewer', stages: ['submitted'], pattern: '13%' }]);
    expect(escalationScope({ userId: 1, admin: false, roles: [{ role: 'checker', regionCode: '130102' }] })).toEqual([]);
    expect(escalationScope({ userId: 1, admin: true, roles: [] })).toEqual([
      { held: 'confirmer', stages: stagesHeldBy('confirmer'), pattern: '%' },
    ]);
  });
});
