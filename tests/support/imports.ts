/**
 * The app's own import graph for the structure tests (tests/unit/import-cycles.test.ts,
 * tests/unit/module-boundaries.test.ts): every module a source file imports — statically, lazily or for
 * types only (a type-only import ties two modules' designs together just the same), resolved to a file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createModuleGraph } from '@/scripts/module-graph/graph';

export const ROOT = process.cwd();

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The .ts/.tsx files under `dir` (absolute), tests beside the code included only when asked. */
export function sourceFiles(dir: string, options: { tests?: boolean } = {}): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file, options);
    return /\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) && (options.tests || !/\.test\.tsx?$/.test(entry.name)) ? [file] : [];
  });
}

/** The import graph of `files`: each file's imports of the app's own modules (absolute paths). */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const { resolve } = createModuleGraph(ROOT);
  return new Map(
    files.map((file) => {
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
      const targets = [...code.matchAll(SPECIFIER)]
        .map((match) => resolve(file, match[1] ?? match[2] ?? ''))
        .filter((target): target is string => target !== null);
      return [file, [...new Set(targets)]];
    }),
  );
}

/** A path relative to the repository, with forward slashes. */
export const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
