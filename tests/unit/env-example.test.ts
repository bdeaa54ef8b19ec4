/**
 * A newcomer configures the portal from `.env.example`: it must name every variable the server reads
 * (lib/server/env.ts, and server.mjs for the few it reads before Next.js starts), each under a comment,
 * and nothing that no code reads any more.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { envSchema } from '@/lib/server/env';

const ROOT = process.cwd();
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

const ASSIGNMENT = /^#?\s*([A-Z][A-Z0-9_]*)=/;

interface ExampleEntry {
  name: string;
  line: number;
  /** The prose comment line above the entry's group of assignments, if any. */
  comment: string | undefined;
}

/** Variables in `.env.example`, set or commented out, with the comment above their group. */
function parseEnvExample(text: string): ExampleEntry[] {
  const lines = text.split('\n');
  const entries: ExampleEntry[] = [];
  lines.forEach((line, index) => {
    const match = ASSIGNMENT.exec(line);
    if (!match) return;
    let above = index - 1;
    while (above >= 0 && ASSIGNMENT.test(lines[above]!)) above--;
    const candidate = above >= 0 ? lines[above]!.trim() : '';
    const comment = /^#\s*\S/.test(candidate) ? candidate : undefined;
    entries.push({ name: match[1]!, line: index + 1, comment });
  });
  return entries;
}

/** Variables a script reads as `process.env.NAME`. */
const readsIn = (file: string) => new Set([...read(file).matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]!));

describe('.env.example', () => {
  const entries = parseEnvExample(read('.env.example'));
  const listed = new Set(entries.map((e) => e.name));
  const schemaKeys = Object.keys(envSchema.shape);

  it('parses the env schema and the example file', () => {
    expect(schemaKeys).toEqual(expect.arrayContaining(['DATABASE_URL', 'SESSION_SECRET', 'FILE_STORAGE']));
    expect(schemaKeys.length).toBeGreaterThanOrEqual(30);
    expect(entries.length).toBeGreaterThanOrEqual(schemaKeys.length);
  });

  it('lists every variable lib/server/env.ts reads', () => {
    expect(schemaKeys.filter((key) => !listed.has(key))).toEqual([]);
  });

  it('lists the variables server.mjs reads before Next.js loads .env files', () => {
    expect([...readsIn('server.mjs')].filter((key) => !listed.has(key))).toEqual([]);
  });

  it('explains every variable in a comment above it', () => {
    expect(entries.filter((e) => !e.comment).map((e) => `${e.name} (line ${e.line})`)).toEqual([]);
  });

  it('lists nothing the code does not read', () => {
    const readByCode = new Set([...schemaKeys, ...readsIn('server.mjs')]);
    expect([...listed].filter((name) => !readByCode.has(name))).toEqual([]);
  });
});

describe('parseEnvExample', () => {
  it('finds set and commented-out variables and the comment above their group', () => {
    const entries = parseEnvExample('# Where\nA_B=1\n# C=2\n\n# D=\n# Secret\n# E=x\n');
    expect(entries).toEqual([
      { name: 'A_B', line: 2, comment: '# Where' },
      { name: 'C', line: 3, comment: '# Where' },
      { name: 'D', line: 5, comment: undefined },
      { name: 'E', line: 7, comment: '# Secret' },
    ]);
  });
});
