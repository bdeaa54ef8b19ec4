/**
 * The roll-ups kept per county (issue 33 budget): after a write only the counties whose version changed are computed
 * again, a change of '*' or of the day computes everything, and concurrent refreshes of one key run one after the
 * other. The database is a table of versions held by the test.
 */
import type { Queryable } from '../db/types';
import { cachedByCounty } from './cache';

function fakeDb(versions: Map<string, number>, day = { d: '2026-11-29' }): Queryable {
  return {
    async query<Row extends object>(sql: string): Promise<Row[]> {
      if (!sql.includes('FROM verification_county_versions')) throw new Error(`unexpected statement: ${sql}`);
      return [...versions].map(([xzqdm, v]) => ({ xzqdm, v: String(v), d: day.d })) as unknown as Row[];
    },
  };
}

interface Row {
  xzqdm: string;
  n: number;
}

describe('cachedByCounty', () => {
  const data = new Map([
    ['130102', 3],
    ['130104', 5],
    ['130202', 7],
  ]);
  const compute = jest.fn(async (only: string[] | null): Promise<Row[]> =>
    [...data].filter(([c]) => !only || only.includes(c)).map(([xzqdm, n]) => ({ xzqdm, n })),
  );
  beforeEach(() => compute.mockClear());
  const total = (rows: Row[]) => rows.reduce((s, r) => s + r.n, 0);

  it('computes everything once, then only the counties whose version changed', async () => {
    const versions = new Map([
      ['*', 1],
      ['130102', 1],
      ['130104', 1],
      ['130202', 1],
    ]);
    const db = fakeDb(versions);
    expect(total(await cachedByCounty(db, 'k', compute))).toBe(15);
    expect(compute.mock.calls).toEqual([[null]]);
    expect(total(await cachedByCounty(db, 'k', compute))).toBe(15);
    expect(compute).toHaveBeenCalledTimes(1);

    data.set('130104', 6);
    versions.set('130104', 2);
    expect(total(await cachedByCounty(db, 'k', compute))).toBe(16);
    expect(compute.mock.calls[1]).toEqual([['130104']]);

    // A county's last case gone: its rows go with it.
    data.delete('130202');
    versions.set('130202', 2);
    expect(total(await cachedByCounty(db, 'k', compute))).toBe(9);
    expect(compute.mock.calls[2]).toEqual([['130202']]);

    // A new county.
    data.set('130203', 4);
    versions.set('130203', 1);
    expect(total(await cachedByCounty(db, 'k', compute))).toBe(13);
    expect(compute.mock.calls[3]).toEqual([['130203']]);
  });

  it('computes everything again when everything changed (batches) or the day did (what is overdue)', async () => {
    const versions = new Map([
      ['*', 1],
      ['130102', 1],
    ]);
    const day = { d: '2026-11-29' };
    const db = fakeDb(versions, day);
    await cachedByCounty(db, 'all', compute);
    versions.set('*', 2);
    await cachedByCounty(db, 'all', compute);
    day.d = '2026-11-30';
    await cachedByCounty(db, 'all', compute);
    expect(compute.mock.calls).toEqual([[null], [null], [null]]);
  });

  it('keeps one set of rows per key', async () => {
    const db = fakeDb(new Map([['130102', 1]]));
    await cachedByCounty(db, 'a', compute);
    await cachedByCounty(db, 'b', compute);
    await cachedByCounty(db, 'a', compute);
    expect(compute.mock.calls).toEqual([[null], [null]]);
  });

  it('runs concurrent refreshes of one key one after the other, computing once', async () => {
    const db = fakeDb(new Map([['130102', 1]]));
    const [a, b] = await Promise.all([cachedByCounty(db, 'c', compute), cachedByCounty(db, 'c', compute)]);
    expect(a).toEqual(b);
    expect(compute).toHaveBeenCalledTimes(1);
  });
});
