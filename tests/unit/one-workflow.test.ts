/**
 * One machine per workflow (issue 31, ADR 0018): who may move a status is declared only in
 * lib/shared/workflow, and only lib/server/workflow locks, checks and records a change. This test fails
 * when a second transition table, a second transition check, or history SQL appears anywhere else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = process.cwd();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');
const code = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

const files = ['lib', 'components', 'app']
  .flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
  .map((file) => ({ file: rel(file), text: code(file) }));
const outside = (prefix: string) => files.filter((f) => !f.file.startsWith(prefix));
/** Migrations create and move the tables; they are history, not code that runs a workflow. */
const notMigrations = (f: { file: string }) => !/^lib\/server\/db\/migrations/.test(f.file);

const offenders = (list: readonly { file: string; text: string }[], pattern: RegExp) =>
  list.filter((f) => pattern.test(f.text)).map((f) => f.file);

describe('one machine per workflow', () => {
  it('declares transitions (from, to, the roles allowed) only in lib/shared/workflow', () => {
    // An object literal with `from:`, `to:` and `by:` is a transition table's row.
    const row = /\{\s*from:[^{}]*\bto:[^{}]*\bby:\s*\[/;
    expect(offenders(outside('lib/shared/workflow/'), row)).toEqual([]);
  });

  it('checks a transition only in the workflow module', () => {
    const check = /\b(findTransition|checkTransition)\s*\(|\.transitions\.(find|filter|some)\s*\(|_TRANSITIONS\.(find|filter|some)\s*\(/;
    expect(
      offenders(
        outside('lib/shared/workflow/').filter((f) => !f.file.startsWith('lib/server/workflow/')),
        check,
      ),
    ).toEqual([]);
  });

  it('reads and writes status history only in lib/server/workflow', () => {
    const history = /\b(workflow_history|order_history|data_request_history)\b/;
    expect(offenders(outside('lib/server/workflow/').filter(notMigrations), history)).toEqual([]);
  });

  it('has the engine lock, check, update and record in one place', () => {
    const engine = files.find((f) => f.file === 'lib/server/workflow/engine.ts')!.text;
    expect(engine).toMatch(/FOR UPDATE/);
    expect(engine).toMatch(/checkTransition\(/);
    expect(engine).toMatch(/INSERT INTO workflow_history/);
  });

  it('writes history rows in one place, each with its chain hashes (issue 33.5)', () => {
    const inserts = files.flatMap((f) =>
      (f.text.match(/INSERT INTO workflow_history\b[^)]*\)/g) ?? []).map((sql) => ({ file: f.file, sql })),
    );
    const live = inserts.filter((i) => !/^lib\/server\/db\/migrations\/0028_/.test(i.file));
    // The engine's two writers: one move at a time, and whole imported histories (demo data), both chained.
    expect([...new Set(live.map((i) => i.file))]).toEqual(['lib/server/workflow/engine.ts']);
    expect(live.length).toBeGreaterThan(0);
    for (const insert of live) expect(insert.sql).toMatch(/prev_hash, content_hash/);
  });
});
