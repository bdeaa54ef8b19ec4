/**
 * The migration folder is the list: every `NNNN_name.ts` file is listed in index.ts once, in the order of its
 * number, and its id is its file name — so a feature's new migration cannot be forgotten, reordered or misnamed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS } from './index';

const DIR = path.join(process.cwd(), 'lib/server/db/migrations');
const FILE = /^(\d{4})_[a-z0-9_]+\.ts$/;

function migrationFolderProblems(files: readonly string[], listedIds: readonly string[]): string[] {
  const problems: string[] = [];
  const fileIds = files.filter((f) => FILE.test(f)).map((f) => f.replace(/\.ts$/, '')).sort();
  for (const id of fileIds) if (!listedIds.includes(id)) problems.push(`${id}.ts is not listed in index.ts`);
  for (const id of listedIds) if (!fileIds.includes(id)) problems.push(`${id} is listed but has no file ${id}.ts`);
  for (let i = 1; i < listedIds.length; i++) {
    if (listedIds[i - 1]! >= listedIds[i]!) problems.push(`${listedIds[i]} is listed after ${listedIds[i - 1]}`);
  }
  const numbers = fileIds.map((id) => id.slice(0, 4));
  for (const n of new Set(numbers)) if (numbers.filter((x) => x === n).length > 1) problems.push(`two migrations numbered ${n}`);
  return problems;
}

describe('migration files', () => {
  const files = readdirSync(DIR);

  it('lists every file once, in order, with the id of its file name', () => {
    expect(migrationFolderProblems(files, MIGRATIONS.map((m) => m.id))).toEqual([]);
    for (const m of MIGRATIONS) {
      expect(readFileSync(path.join(DIR, `${m.id}.ts`), 'utf8')).toContain(`id: '${m.id}'`);
    }
  });

  it('fires on a forgotten, misordered or doubly numbered migration', () => {
    expect(migrationFolderProblems(['0001_a.ts', '0002_b.ts'], ['0001_a'])).toEqual(['0002_b.ts is not listed in index.ts']);
    expect(migrationFolderProblems(['0001_a.ts', '0002_b.ts'], ['0002_b', '0001_a'])).toEqual(['0001_a is listed after 0002_b']);
    expect(migrationFolderProblems(['0001_a.ts', '0001_b.ts'], ['0001_a', '0001_b'])).toEqual(['two migrations numbered 0001']);
    expect(migrationFolderProblems(['0001_a.ts'], ['0001_a', '0002_gone'])).toEqual(['0002_gone is listed but has no file 0002_gone.ts']);
  });
});
