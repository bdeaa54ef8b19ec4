import 'server-only';
/**
 * Demo spot push batches (README): the demo quarter's land-cover and verification spots cut for the push users
 * granted them (the demo node user demo-hebei: Hebei), marked as demo. Once per version of the demo spots and cases:
 * when those are generated again, the demo batches of the demo quarter are cut again from them, so a verification
 * case's link to the batch that brought it holds. Batches an administrator cut stay as they are.
 */
import type { SpotType } from '../../shared/contracts/push';
import { generator, versionedSeed } from '../db/versioned-seed';
import type { Queryable } from '../db/types';
import { cutSpotBatches } from './spot-batches';

/** The newest quarter of both the demo land-cover spots and the demo verification batches. */
export const DEMO_SPOT_QUARTER = '2026Q2';
export const DEMO_SPOT_TYPES: readonly SpotType[] = ['landcover', 'verification'];
const GENERATOR_VERSION = 'spot-push-demo/1';

async function cutDemo(tx: Queryable): Promise<number> {
  await tx.query(`DELETE FROM push_spot_batches WHERE demo AND quarter = $1`, [DEMO_SPOT_QUARTER]);
  let cut = 0;
  for (const spotType of DEMO_SPOT_TYPES) cut += await cutSpotBatches(tx, DEMO_SPOT_QUARTER, spotType, { demo: true });
  return cut;
}

export const spotPushSeed = versionedSeed({
  name: 'spot-push',
  dataset: 'spot-push-demo',
  after: ['spots-landcover-demo', 'verification-demo'],
  source: () => generator(GENERATOR_VERSION),
  load: (tx) => cutDemo(tx),
  report: (count) => `cut ${count} demo spot push batches for ${DEMO_SPOT_QUARTER}`,
});
