import 'server-only';
import { datasetsChanged } from './data-cache';
import { setBackgroundSeedStatus, type BackgroundSeedStatus } from './demo-status';

export { backgroundSeedStatus, demoDataLoading, type BackgroundSeedStatus } from './demo-status';
import type { Progress } from './migrate';
import type { Database } from './types';

/**
 * Demo data, run as steps. Each domain defines its step beside its code (`lib/server/<domain>/seed.ts`);
 * the composition root `lib/server/composition/seeds.ts` lists them in order, so this layer knows no domain. A step
 * checks what exists and fills only what is missing, so seeding on every start is cheap.
 */
export interface SeedStep {
  name: string;
  run(db: Database, progress: Progress): Promise<void>;
  /**
   * A large generated demo set nothing else at start depends on (the image catalogue, the themes' demo features):
   * on a server's start it may fill in after the portal answers (`seed`'s `later`), the screens that show it saying
   * so meanwhile.
   */
  background?: boolean;
}

/**
 * Runs the steps in order. With `later`, the background steps run after the others have finished and this has
 * returned (one after another, as before), so a server answers at once; `done` resolves when they have run.
 */
export async function seed(
  db: Database,
  steps: readonly SeedStep[],
  progress: Progress = () => {},
  options: { later?: boolean } = {},
): Promise<{ done: Promise<void> }> {
  const now = options.later ? steps.filter((s) => !s.background) : steps;
  const deferred = options.later ? steps.filter((s) => s.background) : [];
  for (const step of now) await runStep(db, step, progress);
  if (deferred.length === 0) return { done: Promise.resolve() };
  const status: BackgroundSeedStatus = { pending: deferred.map((s) => s.name), failed: [] };
  setBackgroundSeedStatus(status);
  progress(`the portal answers now; demo data still to come in the background: ${status.pending.join(', ')}`);
  const done = (async () => {
    for (const step of deferred) {
      const started = Date.now();
      try {
        await runStep(db, step, progress);
      } catch (error) {
        status.failed.push(step.name);
        progress(`seeding ${step.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        status.pending = status.pending.filter((name) => name !== step.name);
      }
      progress(`background: ${step.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    progress('demo data complete');
  })();
  return { done };
}

async function runStep(db: Database, step: SeedStep, progress: Progress): Promise<void> {
  progress(`seeding ${step.name}`);
  await step.run(db, progress);
  datasetsChanged();
}
