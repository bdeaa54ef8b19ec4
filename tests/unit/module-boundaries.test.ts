/**
 * Module boundaries (docs/adr/0021-areas-of-interest.md):
 * - code outside lib/server/catalogue imports the catalogue through its public index only;
 * - lib/server/areas never imports the catalogue (verification, subscriptions and coverage statistics
 *   take areas too, and must not pull in the scene catalogue to get one).
 * Tests under tests/ may reach a module's internals to test them; code beside it (its own *.test.ts) too.
 */
import path from 'node:path';
import { importGraph, relative, ROOT, sourceFiles } from '../support/imports';

interface Boundary {
  /** The guarded folder (relative, no trailing slash). */
  folder: string;
  /** The one module of it others may import. */
  entry: string;
  /** Folders whose modules may not import the guarded folder at all. */
  forbiddenTo: readonly string[];
}

/** Every import (`from → to`, relative paths) that crosses a boundary the wrong way. */
function violations(graph: ReadonlyMap<string, readonly string[]>, boundaries: readonly Boundary[]): string[] {
  const inside = (file: string, folder: string) => file.startsWith(`${folder}/`);
  const out: string[] = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      for (const b of boundaries) {
        if (!inside(to, b.folder) || inside(from, b.folder)) continue;
        if (b.forbiddenTo.some((folder) => inside(from, folder)) || to !== b.entry) out.push(`${from} → ${to}`);
      }
    }
  }
  return out.sort();
}

const CATALOGUE: Boundary = {
  folder: 'lib/server/catalogue',
  entry: 'lib/server/catalogue/index.ts',
  forbiddenTo: ['lib/server/areas'],
};

// No exceptions: the composition roots take the catalogue's seed and layers from its index too.
const ALLOWED = new Set<string>([]);

describe('violations', () => {
  const graph = new Map([
    ['lib/server/orders/cart.ts', ['lib/server/catalogue/index.ts']],
    ['lib/server/orbits/predict.ts', ['lib/server/catalogue/query.ts']],
    ['lib/server/areas/sql.ts', ['lib/server/catalogue/index.ts']],
    ['lib/server/catalogue/search.ts', ['lib/server/catalogue/query.ts', 'lib/server/areas/index.ts']],
  ]);

  it('flags an internal reached from outside and any import of the folder from a forbidden one', () => {
    expect(violations(graph, [CATALOGUE])).toEqual([
      'lib/server/areas/sql.ts → lib/server/catalogue/index.ts',
      'lib/server/orbits/predict.ts → lib/server/catalogue/query.ts',
    ]);
  });
});

describe('the catalogue and the areas', () => {
  const files = ['app', 'components', 'lib', 'scripts', 'i18n'].flatMap((dir) => sourceFiles(path.join(ROOT, dir), { tests: true }));
  const graph = new Map([...importGraph(files)].map(([from, targets]) => [relative(from), targets.map(relative)]));

  it('scans the tree', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('lib/server/orbits/predict.ts')).toContain('lib/server/areas/index.ts');
  });

  it('reaches the catalogue through its index only, and never from lib/server/areas', () => {
    expect(violations(graph, [CATALOGUE]).filter((v) => !ALLOWED.has(v))).toEqual([]);
  });

  it('allows only imports that still exist', () => {
    const all = new Set(violations(graph, [CATALOGUE]));
    expect([...ALLOWED].filter((v) => !all.has(v))).toEqual([]);
  });
});
