/**
 * The contracts list is complete: every contract a contracts file exports is in ALL_CONTRACTS (so it is in the
 * OpenAPI document and the client's contract tests), and no contract is listed twice. A feature's contracts file
 * exports one `*_CONTRACTS` list; forgetting to list it in index.ts fails here.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { ApiContract } from './api';
import { ALL_CONTRACTS } from './index';

const DIR = path.join(process.cwd(), 'lib/shared/contracts');

const isContract = (value: unknown): value is ApiContract =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'access' in value && 'summary' in value;

function unlisted(modules: Record<string, Record<string, unknown>>, listed: readonly ApiContract[]): string[] {
  const known = new Set(listed);
  return Object.entries(modules).flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter(([, value]) => isContract(value) && !known.has(value))
      .map(([name]) => `${file}: ${name}`),
  );
}

describe('ALL_CONTRACTS', () => {
  const files = readdirSync(DIR).filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f) && f !== 'index.ts');
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- every contracts file, loaded by name
  const modules = Object.fromEntries(files.map((f) => [f, require(path.join(DIR, f)) as Record<string, unknown>]));

  it('lists every exported contract once', () => {
    expect(unlisted(modules, ALL_CONTRACTS)).toEqual([]);
    expect(new Set(ALL_CONTRACTS).size).toBe(ALL_CONTRACTS.length);
  });

  it('fires on a contract left out of the list', () => {
    const first = ALL_CONTRACTS[0]!;
    expect(unlisted({ 'x.ts': { forgottenContract: first } }, ALL_CONTRACTS.slice(1))).toEqual(['x.ts: forgottenContract']);
  });
});
