/**
 * The environment is read once, validated, in `lib/server/env.ts` (STYLE.md): a variable read anywhere
 * else escapes validation, `.env.example` and the README's configuration table. This test reads every
 * source file's syntax tree and fails on a `process.env` read outside the allowed places:
 *
 * - `lib/server/env.ts`, the one module of the app that reads the environment;
 * - build and test tooling, which runs around the app rather than inside it and sets up its environment:
 *   `scripts/`, `tests/`, `e2e/`, `test-utils/`, unit tests (`*.test.ts`), `playwright.config.ts`, `jest.config.mjs`, `next.config.mjs` (build-time
 *   options such as the CSP's map-service origin) and `server.mjs` (reads its port and proxy settings
 *   before Next.js starts);
 * - browser code (`lib/client/`, or a `'use client'` module) reading `NODE_ENV` or a `NEXT_PUBLIC_*`
 *   variable: the bundler replaces these with literals at build time, and env.ts cannot run in a browser;
 * - `instrumentation.ts` reading `NEXT_RUNTIME`: the bundler replaces it per runtime, which is what keeps
 *   the Node-only imports after the check out of the edge bundle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = process.cwd();
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'coverage', 'test-results', 'playwright-report']);
/** Top-level folders of static files and data, not code. */
const DATA_DIRS = new Set(['public', 'data']);

const ALLOWED_FILES = new Set(['lib/server/env.ts', 'playwright.config.ts', 'jest.config.mjs', 'next.config.mjs', 'server.mjs']);
const ALLOWED_DIRS = ['scripts/', 'tests/', 'e2e/', 'test-utils/'];
/** Unit tests beside the code are test tooling too. */
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;
const INLINED_IN_BROWSER = (name: string) => name === 'NODE_ENV' || name.startsWith('NEXT_PUBLIC_');
const RUNTIME_CHECKS: Record<string, string[]> = { 'instrumentation.ts': ['NEXT_RUNTIME'] };

/** Source files of the project, relative to the root (dot folders, dependencies and build output skipped). */
function sourceFiles(dir = ''): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      const skipped = entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name) || (!dir && DATA_DIRS.has(entry.name));
      return skipped ? [] : sourceFiles(rel);
    }
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** A read of the environment: `process.env.NAME` / `process.env['NAME']` (name), or the whole object (`*`). */
interface EnvRead {
  name: string;
  line: number;
}

const isProcess = (node: ts.Expression): boolean =>
  (ts.isIdentifier(node) && node.text === 'process') ||
  (ts.isPropertyAccessExpression(node) &&
    node.name.text === 'process' &&
    ts.isIdentifier(node.expression) &&
    node.expression.text === 'globalThis');

const isProcessEnv = (node: ts.Node): boolean =>
  (ts.isPropertyAccessExpression(node) && node.name.text === 'env' && isProcess(node.expression)) ||
  (ts.isElementAccessExpression(node) &&
    ts.isStringLiteral(node.argumentExpression) &&
    node.argumentExpression.text === 'env' &&
    isProcess(node.expression));

/** Every place a module reads the environment, including `{ env } = process` and `import { env } from 'node:process'`. */
function envReads(file: string, code: string): EnvRead[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const reads: EnvRead[] = [];
  const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const visit = (node: ts.Node): void => {
    if (isProcessEnv(node)) {
      const parent = node.parent;
      if (ts.isPropertyAccessExpression(parent) && parent.expression === node) reads.push({ name: parent.name.text, line: at(node) });
      else if (ts.isElementAccessExpression(parent) && parent.expression === node && ts.isStringLiteralLike(parent.argumentExpression))
        reads.push({ name: parent.argumentExpression.text, line: at(node) });
      else reads.push({ name: '*', line: at(node) });
      return;
    }
    if (ts.isVariableDeclaration(node) && node.initializer && isProcess(node.initializer) && ts.isObjectBindingPattern(node.name)) {
      if (node.name.elements.some((e) => (e.propertyName ?? e.name).getText(source) === 'env')) reads.push({ name: '*', line: at(node) });
    }
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && /^(node:)?process$/.test(node.moduleSpecifier.text)) {
      const bindings = node.importClause?.namedBindings;
      const namesEnv = bindings && ts.isNamedImports(bindings) && bindings.elements.some((e) => (e.propertyName ?? e.name).text === 'env');
      // A default or namespace import of the process module is `process` under another name: count it too.
      if (namesEnv || node.importClause?.name || (bindings && ts.isNamespaceImport(bindings))) reads.push({ name: '*', line: at(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return reads;
}

function allowed(file: string, code: string, read: EnvRead): boolean {
  if (ALLOWED_FILES.has(file) || TEST_FILE.test(file) || ALLOWED_DIRS.some((dir) => file.startsWith(dir))) return true;
  const browser = file.startsWith('lib/client/') || /^\s*['"]use client['"]/.test(code);
  if (browser && INLINED_IN_BROWSER(read.name)) return true;
  return (RUNTIME_CHECKS[file] ?? []).includes(read.name);
}

describe('process.env', () => {
  const files = sourceFiles();

  it('scans the whole app', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(files).toEqual(expect.arrayContaining(['lib/server/env.ts', 'proxy.ts', 'instrumentation.ts', 'app/[locale]/layout.tsx']));
    expect(files.filter((f) => f.startsWith('node_modules/') || f.startsWith('.next/'))).toEqual([]);
  });

  it('is read only in lib/server/env.ts, build and test tooling, and as build-time literals', () => {
    const offenders = files.flatMap((file) => {
      const code = readFileSync(path.join(ROOT, file), 'utf8');
      if (!/\bprocess\b/.test(code)) return [];
      return envReads(file, code)
        .filter((read) => !allowed(file, code, read))
        .map((read) => `${file}:${read.line} process.env${read.name === '*' ? '' : `.${read.name}`}`);
    });
    expect(offenders).toEqual([]);
  });

  it('finds the reads it is meant to catch', () => {
    const names = (code: string) => envReads('x.ts', code).map((r) => r.name);
    expect(names("const a = process.env.A; const b = process.env['B'];")).toEqual(['A', 'B']);
    expect(names('parse(process.env); const { C } = globalThis.process.env;')).toEqual(['*', '*']);
    expect(names("const { env } = process; import { env as e } from 'node:process'; import p from 'process';")).toEqual(['*', '*', '*']);
    // Comments and strings are not reads.
    expect(names("// process.env.A\n/* process.env */ const s = 'process.env.B';")).toEqual([]);
    expect(allowed('lib/client/x.ts', '', { name: 'NODE_ENV', line: 1 })).toBe(true);
    expect(allowed('components/x.tsx', "'use client';\n", { name: 'NEXT_PUBLIC_X', line: 1 })).toBe(true);
    expect(allowed('components/x.tsx', '', { name: 'NODE_ENV', line: 1 })).toBe(false);
    expect(allowed('lib/client/x.ts', '', { name: 'SITE_URL', line: 1 })).toBe(false);
    expect(allowed('instrumentation.ts', '', { name: 'NEXT_PHASE', line: 1 })).toBe(false);
  });
});
