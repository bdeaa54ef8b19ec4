import 'server-only';
import { datasetsChanged } from './data-cache';
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
}

export async function seed(db: Database, steps: readonly SeedStep[], progress: Progress = () => {}): Promise<void> {
  for (const step of steps) {
    progress(`seeding ${step.name}`);
    await step.run(db, progress);
    datasetsChanged();
  }
}
