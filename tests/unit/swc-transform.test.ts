/**
 * jest's transform binds the hot built-ins per module (tests/support/swc-transform.cjs): CPU-heavy code ran 4–13×
 * slower under jest's vm context without it.
 */
import { createRequire } from 'node:module';
import path from 'node:path';

const require_ = createRequire(import.meta.url ?? __filename);
const { withBoundGlobals } = require_(path.join(process.cwd(), 'tests/support/swc-transform.cjs')) as {
  withBoundGlobals(code: string): string;
};

describe('jest transform: built-ins bound per module', () => {
  it('binds them after a "use strict" directive, on the first line', () => {
    const code = '"use strict";\nObject.defineProperty(exports, "x", {});\nconst y = Math.sin(1);\n';
    const out = withBoundGlobals(code);
    expect(out.startsWith('"use strict";var Math = globalThis.Math')).toBe(true);
    expect(out.split('\n')).toHaveLength(code.split('\n').length);
    expect(out).toContain('Float64Array = globalThis.Float64Array');
  });

  it('binds them first when there is no directive, and leaves a name the module declares', () => {
    const out = withBoundGlobals('class Map {}\nconst Symbol = 1;\nexport const z = Math.PI;\n');
    expect(out.startsWith('var Math = globalThis.Math')).toBe(true);
    expect(out.split('\n')[0]).not.toMatch(/\bMap = globalThis/);
    expect(out.split('\n')[0]).not.toMatch(/\bSymbol = globalThis/);
  });

  it('never binds what tests replace (timers, Date, fetch, process, console)', () => {
    const first = withBoundGlobals('x();').split(';')[0];
    for (const name of ['Date', 'setTimeout', 'fetch', 'process', 'console', 'Promise'])
      expect(first).not.toMatch(new RegExp(`\\b${name} =`));
  });

  it('is the transform of every project', async () => {
    const { default: config } = (await import(path.join(process.cwd(), 'jest.config.mjs'))) as {
      default: { projects: { transform: Record<string, [string, unknown]> }[] };
    };
    for (const project of config.projects)
      expect(Object.values(project.transform).map(([t]) => t)).toEqual(['<rootDir>/tests/support/swc-transform.cjs']);
  });
});
