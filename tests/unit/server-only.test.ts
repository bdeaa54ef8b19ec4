/**
 * Every lib/server module opens with `import 'server-only'`, so bundling one into browser code fails the
 * build instead of shipping server code (DESIGN.md §3). Scripts run them through scripts/outside-next.mjs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

function modules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return modules(file);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The first import statement of a module, ignoring comments. */
function firstImport(file: string): string | undefined {
  const code = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  return /^\s*(import\b[^;]*;)/m.exec(code)?.[1];
}

it('every lib/server module imports server-only first', () => {
  const files = modules('lib/server');
  expect(files.length).toBeGreaterThan(50);
  expect(files.filter((file) => firstImport(file) !== "import 'server-only';")).toEqual([]);
});
