import { backgroundSeedStatus, demoDataLoading, seed, type SeedStep } from './seed';
import type { Database } from './types';

/** Issue 32.5: on a server's start the large demo sets fill in after it answers. */
const db = {} as Database;

function step(name: string, log: string[], options: { background?: boolean; fail?: boolean; gate?: Promise<void> } = {}): SeedStep {
  return {
    name,
    background: options.background,
    async run() {
      await options.gate;
      if (options.fail) throw new Error(`${name} broke`);
      log.push(name);
    },
  };
}

describe('seeding with the large demo sets later', () => {
  it('runs every step in order and waits for all without `later` (scripts, tests, benches)', async () => {
    const log: string[] = [];
    const { done } = await seed(db, [step('regions', log), step('catalogue', log, { background: true }), step('news', log)]);
    expect(log).toEqual(['regions', 'catalogue', 'news']);
    await done;
    expect(demoDataLoading()).toBe(false);
  });

  it('returns once the others ran, then fills in the background steps one after another, saying what is still to come', async () => {
    const log: string[] = [];
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const { done } = await seed(
      db,
      [step('regions', log), step('spots', log, { background: true, gate }), step('news', log), step('catalogue', log, { background: true })],
      () => {},
      { later: true },
    );
    // The portal answers now: regions and news are in, the demo sets are not.
    expect(log).toEqual(['regions', 'news']);
    expect(demoDataLoading()).toBe(true);
    expect(backgroundSeedStatus().pending).toEqual(['spots', 'catalogue']);
    open();
    await done;
    expect(log).toEqual(['regions', 'news', 'spots', 'catalogue']);
    expect(backgroundSeedStatus()).toEqual({ pending: [], failed: [] });
    expect(demoDataLoading()).toBe(false);
  });

  it('goes on after a background step fails, and names it', async () => {
    const log: string[] = [];
    const lines: string[] = [];
    const { done } = await seed(
      db,
      [step('regions', log), step('spots', log, { background: true, fail: true }), step('catalogue', log, { background: true })],
      (line) => lines.push(line),
      { later: true },
    );
    await done;
    expect(log).toEqual(['regions', 'catalogue']);
    expect(backgroundSeedStatus()).toEqual({ pending: [], failed: ['spots'] });
    expect(lines.some((line) => line.includes('spots failed: spots broke'))).toBe(true);
  });
});
