import { readdirSync } from 'node:fs';
import path from 'node:path';
import { BOTH_ENGINES, filesElsewhere, PGLITE_ONLY, POSTGRES_ONLY } from '../support/engine-split.mjs';

/** Issue 31.7: in a run with both engines every integration test runs once, on one engine or on both. */
const FILES = readdirSync(path.join(process.cwd(), 'tests/integration')).filter((file) => file.endsWith('.test.ts'));
const runsOn = (engine: 'pglite' | 'postgres', file: string) =>
  !filesElsewhere(engine, true).some((pattern) => new RegExp(pattern).test(`/repo/tests/integration/${file}`));

describe('integration files split between the engines', () => {
  it('names only files that exist, each in one list', () => {
    const named = [...BOTH_ENGINES, ...PGLITE_ONLY, ...POSTGRES_ONLY];
    expect(new Set(named).size).toBe(named.length);
    for (const file of named) expect(FILES).toContain(file);
  });

  it('runs every file on at least one engine, and a file on one list on that engine only', () => {
    for (const file of FILES) {
      expect(runsOn('pglite', file) || runsOn('postgres', file)).toBe(true);
    }
    expect(runsOn('pglite', 'orders.test.ts')).toBe(true);
    expect(runsOn('postgres', 'orders.test.ts')).toBe(false);
    expect(runsOn('postgres', 'stac.test.ts')).toBe(true);
    expect(runsOn('pglite', 'stac.test.ts')).toBe(false);
    for (const file of BOTH_ENGINES) expect(runsOn('pglite', file) && runsOn('postgres', file)).toBe(true);
    // A file no list names (a new one) runs on both, and a name is matched whole, not as a prefix or by a dot.
    expect(runsOn('pglite', 'brand-new.test.ts') && runsOn('postgres', 'brand-new.test.ts')).toBe(true);
    expect(runsOn('postgres', 'xorders.test.ts')).toBe(true);
    expect(runsOn('postgres', 'ordersXtest.ts')).toBe(true);
  });

  it('leaves nothing out when the run is not split', () => {
    expect(filesElsewhere('pglite', false)).toEqual([]);
    expect(filesElsewhere('postgres', false)).toEqual([]);
  });
});
