/**
 * Themes without special cases (ADR 0020): the shared monitoring machinery reads a theme's declaration and its
 * registered parts, never its id. A string literal naming a theme in shared code is a special case waiting to be
 * copied for the next theme; it belongs in the theme's declaration (lib/shared/themes/<id>/) or its own folder
 * (components/monitor/themes/<id>/, lib/server/themes/<id>/). And every theme's folders are spelt one way: the
 * theme id in kebab case.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { THEME_IDS } from '@/lib/shared/themes/ids';

const ROOT = process.cwd();

/** Shared theme machinery: the monitoring screens and page, the theme API and features service, the theme registry. */
const SHARED: { dir: string; deep: boolean; skip?: readonly string[] }[] = [
  // The screens, minus each theme's own folder.
  { dir: 'components/monitor', deep: true, skip: ['components/monitor/themes'] },
  { dir: 'components/statistics', deep: true },
  { dir: 'app/[locale]/monitor/[theme]', deep: true },
  { dir: 'app/api/[theme]', deep: true },
  // The generic theme routes and the features service; each theme's folder beside them is its own.
  { dir: 'lib/server/themes', deep: false },
  { dir: 'lib/server/theme-features', deep: true },
  { dir: 'lib/server/regions', deep: true },
  // The declarations' shared files (types, registry, validation); ids.ts is the list of ids itself.
  { dir: 'lib/shared/themes', deep: false, skip: ['lib/shared/themes/ids.ts'] },
];

const kebab = (id: string) => id.replaceAll('_', '-');
const SPELLINGS = [...new Set(THEME_IDS.flatMap((id) => [id, kebab(id)]))];
const LITERAL = new RegExp(`(['"\`])(${SPELLINGS.join('|')})\\1`);

function sourceFiles(dir: string, deep: boolean, skip: readonly string[]): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (skip.includes(file)) return [];
    if (entry.isDirectory()) return deep ? sourceFiles(file, deep, skip) : [];
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The lines of a file naming a theme id as a string literal, comments left out. */
function themeLiterals(file: string): string[] {
  const code = readFileSync(path.join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return code
    .split('\n')
    .map((line, i) => ({ line: line.trim(), n: i + 1 }))
    .filter(({ line }) => LITERAL.test(line))
    .map(({ line, n }) => `${file}:${n}: ${line}`);
}

describe('shared monitoring code', () => {
  const files = SHARED.flatMap(({ dir, deep, skip }) => sourceFiles(dir, deep, skip ?? []));

  it('covers the shared machinery', () => {
    expect(files).toEqual(expect.arrayContaining(['components/monitor/monitor-screen.tsx', 'lib/server/themes/routes.ts']));
    expect(files.some((f) => f.startsWith('components/monitor/themes/'))).toBe(false);
  });

  it('names no theme id', () => {
    expect(files.flatMap(themeLiterals)).toEqual([]);
  });

  it('catches a theme id in a string literal', () => {
    expect(LITERAL.test("if (theme.id === 'landcover')")).toBe(true);
    expect(LITERAL.test('theme: "surface-deform"')).toBe(true);
    expect(LITERAL.test("const windmills = 'windmill turbines'")).toBe(false);
  });
});

describe('theme folders', () => {
  const FOLDERS = ['lib/shared/themes', 'lib/server/themes', 'components/monitor/themes'];
  // lib/server/themes/demo: the shared demo generator of the wind, PV, road and steel themes.
  const SHARED_FOLDERS = new Set(['demo']);
  const spelt = new Set(THEME_IDS.map(kebab));

  it.each(FOLDERS)('%s holds one folder per theme, named by its id in kebab case', (dir) => {
    const folders = readdirSync(path.join(ROOT, dir)).filter(
      (name) => statSync(path.join(ROOT, dir, name)).isDirectory() && !SHARED_FOLDERS.has(name),
    );
    expect(folders.filter((name) => !spelt.has(name))).toEqual([]);
  });
});
