/**
 * No import loops (docs/adr/0022-folder-import-rules.md):
 * - lib/server has no loop between files: a layer that imports its users (db ⇄ every domain's seed, the
 *   file-store factory ⇄ its implementations) is turned around through a composition root or an interface
 *   module instead;
 * - lib/server, components and lib/client have no loop between folders (a folder is the first path segment
 *   under them; a file directly under them is its own): two folders that import each other are one module
 *   in two places, and a loop of files can always be built across them later. The shared piece moves down
 *   into the folder it belongs to, or into a small interface module both may import.
 * Type-only and lazy imports count too: they tie the modules' designs together just the same.
 */
import path from 'node:path';
import { importGraph, relative, ROOT, sourceFiles } from '../support/imports';

type Graph = ReadonlyMap<string, readonly string[]>;

/** The import loops of a graph, each as the chain of nodes that closes it (depth-first search). */
function findCycles(graph: Graph): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'active' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'active');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'active') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

/** The folder of `file` under `base` (relative paths): its first segment; null outside `base`. */
function folderOf(file: string, base: string): string | null {
  if (!file.startsWith(`${base}/`)) return null;
  return file.slice(base.length + 1).split('/')[0]!;
}

/** The graph of the folders under `base`: A → B when a file of A imports one of B. */
function folderGraph(files: Graph, base: string): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const [from, targets] of files) {
    const a = folderOf(from, base);
    if (a === null) continue;
    const edges = out.get(a) ?? new Set<string>();
    out.set(a, edges);
    for (const to of targets) {
      const b = folderOf(to, base);
      if (b !== null && b !== a) edges.add(b);
    }
  }
  return new Map([...out].map(([folder, edges]) => [folder, [...edges].sort()]));
}

/** The graph without the named edges (`A → B`). */
const without = (graph: Graph, edges: ReadonlySet<string>) =>
  new Map([...graph].map(([from, targets]) => [from, targets.filter((to) => !edges.has(`${from} → ${to}`))]));

const chain = (cycle: readonly string[]) => cycle.join(' → ');

describe('findCycles', () => {
  it('finds a loop of two and of three, and none in a tree', () => {
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'a']]);
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c', 'a']]);
    expect(
      findCycles(
        new Map([
          ['a', ['b', 'c']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('finds a loop between folders that no two files close', () => {
    // users/registration imports auth/password and auth/login imports users/index: no file loop, a folder loop.
    const files = new Map([
      ['lib/server/auth/login.ts', ['lib/server/users/index.ts', 'lib/server/auth/password.ts']],
      ['lib/server/auth/password.ts', []],
      ['lib/server/users/index.ts', ['lib/server/db.ts']],
      ['lib/server/users/registration.ts', ['lib/server/auth/password.ts']],
      ['lib/server/db.ts', []],
    ]);
    expect(findCycles(files)).toEqual([]);
    const folders = folderGraph(files, 'lib/server');
    expect(folders).toEqual(
      new Map([
        ['auth', ['users']],
        ['users', ['auth', 'db.ts']],
        ['db.ts', []],
      ]),
    );
    expect(findCycles(folders).map(chain)).toEqual(['auth → users → auth']);
    expect(findCycles(without(folders, new Set(['auth → users'])))).toEqual([]);
  });
});

const graphOf = (dir: string) =>
  new Map([...importGraph(sourceFiles(path.join(ROOT, dir)))].map(([from, targets]) => [relative(from), targets.map(relative)]));

describe('lib/server', () => {
  const files = graphOf('lib/server');

  it('has no import cycle between files', () => {
    expect(files.size).toBeGreaterThan(50);
    const server = new Map([...files].map(([from, targets]) => [from, targets.filter((to) => to.startsWith('lib/server/'))]));
    expect(findCycles(server).map(chain)).toEqual([]);
  });

  // No exceptions: the job worker takes its handlers from the composition root (docs/adr/0023).
  const ALLOWED = new Set<string>([]);

  it('has no import cycle between folders', () => {
    expect(findCycles(without(folderGraph(files, 'lib/server'), ALLOWED)).map(chain)).toEqual([]);
  });

  it('allows only loops that still exist', () => {
    const folders = folderGraph(files, 'lib/server');
    expect([...ALLOWED].filter((edge) => !folders.get(edge.split(' → ')[0]!)?.includes(edge.split(' → ')[1]!))).toEqual([]);
  });
});

describe.each(['components', 'lib/client'])('%s', (dir) => {
  it('has no import cycle between folders', () => {
    const files = graphOf(dir);
    expect(files.size).toBeGreaterThan(10);
    expect(findCycles(folderGraph(files, dir)).map(chain)).toEqual([]);
  });
});
