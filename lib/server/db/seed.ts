/**
 * Demo data. Each domain adds an idempotent step here (accounts, regions, news, spots, …); a step
 * checks what exists and fills only what is missing, so seeding on every start is cheap.
 */
import { faqSeed } from '../faq/seed';
import { feedbackSeed } from '../feedback/seed';
import { newsSeed } from '../news/seed';
import { nodesSeed } from '../nodes/seed';
import { regionsSeed } from '../regions/seed';
import { newsCoversSeed } from '../share/news-covers-seed';
import { shareSeed } from '../share/seed';
import { spotsSeed } from '../spots/seed';
import { satellitesSeed } from '../satellites/seed';
import { accountsSeed } from '../users/seed';
import type { Progress } from './migrate';
import type { Database } from './types';

export interface SeedStep {
  name: string;
  run(db: Database, progress: Progress): Promise<void>;
}

// Satellites after regions: the typical-image demo scenes are centred on counties.
export const SEED_STEPS: SeedStep[] = [
  regionsSeed,
  accountsSeed,
  newsSeed,
  satellitesSeed,
  shareSeed,
  newsCoversSeed,
  nodesSeed,
  faqSeed,
  feedbackSeed,
  spotsSeed,
];

export async function seed(db: Database, progress: Progress = () => {}, steps: readonly SeedStep[] = SEED_STEPS): Promise<void> {
  for (const step of steps) {
    progress(`seeding ${step.name}`);
    await step.run(db, progress);
  }
}
