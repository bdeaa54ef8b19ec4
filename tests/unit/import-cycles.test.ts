/**
 * lib/server has no import loop: a layer that imports its users (db ⇄ every domain's seed, the file-store
 * factory ⇄ its implementations) is turned around through a composition root or an interface module
 * instead. Type-only imports count too: they tie the modules' designs together just the same.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createModuleGraph } from '@/scripts/module-graph/graph';

const ROOT = process.cwd();
const SERVER = path.join(ROOT, 'lib/server');
const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every module of lib/server that `file` imports (statically, lazily or for types only). */
function serverImports(file: string, resolve: (from: string, specifier: string) => string | null): string[] {
  const code = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return [...code.matchAll(SPECIFIER)]
    .map((match) => resolve(file, match[1] ?? match[2] ?? ''))
    .filter((target): target is string => target !== null && target.startsWith(SERVER + path.sep));
}

/** The import loops of a graph, each as the chain of files that closes it (depth-first search). */
function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'active' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'active');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'active') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}

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
});

describe('lib/server', () => {
  const cycles = () => {
    const { resolve } = createModuleGraph(ROOT);
    const graph = new Map(sourceFiles(SERVER).map((file) => [file, serverImports(file, resolve)]));
    expect(graph.size).toBeGreaterThan(50);
    return findCycles(graph).map((cycle) => cycle.map((file) => path.relative(ROOT, file)).join(' → '));
  };

  it('has no import cycle', () => {
    expect(cycles()).toEqual([]);
  });
});
