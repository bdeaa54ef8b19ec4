import type { Database, Queryable, SqlParam } from './types';
import { generator, versionedSeed } from './versioned-seed';

/** dataset_versions in memory, with a transaction that keeps nothing when its function throws. */
function memoryDatabase(initial: Record<string, string> = {}): Database & { versions: Map<string, string> } {
  const versions = new Map(Object.entries(initial));
  const on = (store: Map<string, string>): Queryable => ({
    async query<Row extends object>(sql: string, params: readonly SqlParam[] = []): Promise<Row[]> {
      const [name, version] = params as string[];
      if (sql.startsWith('SELECT version FROM dataset_versions')) {
        return (store.has(name!) ? [{ version: store.get(name!) }] : []) as Row[];
      }
      if (sql.includes('INSERT INTO dataset_versions')) {
        store.set(name!, version!);
        return [];
      }
      throw new Error(`unexpected SQL: ${sql}`);
    },
  });
  return {
    ...on(versions),
    versions,
    kind: 'pglite',
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const copy = new Map(versions);
      const result = await fn(on(copy));
      versions.clear();
      for (const [k, v] of copy) versions.set(k, v);
      return result;
    },
    exec: async () => {},
    close: async () => {},
  };
}

describe('versionedSeed', () => {
  const loads: string[] = [];
  const step = (version: string, fail = false) =>
    versionedSeed({
      name: 'demo',
      dataset: 'demo-set',
      after: ['regions'],
      source: () => generator(version),
      load: async () => {
        loads.push(version);
        if (fail) throw new Error('load failed');
        return 3;
      },
      report: (n) => `loaded ${n}`,
    });
  beforeEach(() => loads.splice(0));

  it('waits for the datasets it is made from', async () => {
    const db = memoryDatabase();
    await step('v1').run(db, () => {});
    expect(loads).toEqual([]);
    expect(db.versions.has('demo-set')).toBe(false);
  });

  it('loads once per version of its source and of what it is made from', async () => {
    const db = memoryDatabase({ regions: 'r1' });
    const progress: string[] = [];
    await step('v1').run(db, (m) => progress.push(m));
    await step('v1').run(db, (m) => progress.push(m));
    expect(loads).toEqual(['v1']);
    expect(progress).toEqual(['loaded 3']);
    await step('v2').run(db, () => {});
    db.versions.set('regions', 'r2');
    await step('v2').run(db, () => {});
    expect(loads).toEqual(['v1', 'v2', 'v2']);
  });

  it('marks nothing when the load fails, so the next start loads again', async () => {
    const db = memoryDatabase({ regions: 'r1' });
    await expect(step('v1', true).run(db, () => {})).rejects.toThrow('load failed');
    expect(db.versions.has('demo-set')).toBe(false);
    await step('v1').run(db, () => {});
    expect(loads).toEqual(['v1', 'v1']);
  });

  it('runs its preparation on every start and loads nothing without a source', async () => {
    const db = memoryDatabase();
    let prepared = 0;
    const none = versionedSeed({
      name: 'none',
      dataset: 'none',
      prepare: async () => void prepared++,
      source: () => null,
      load: async () => loads.push('none'),
      report: () => '',
    });
    await none.run(db, () => {});
    await none.run(db, () => {});
    expect(prepared).toBe(2);
    expect(loads).toEqual([]);
  });
});
