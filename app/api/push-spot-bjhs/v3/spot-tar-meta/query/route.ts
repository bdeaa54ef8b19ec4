// GET /api/push-spot-bjhs/v3/spot-tar-meta/query — the verification batches (auto spots) reaching my range (issue 33)
import { withApi } from '@/lib/server/api/with-api';
import { actorOf } from '@/lib/server/verification/cases';
import { listBatches } from '@/lib/server/verification/queries';
import { batchListContract } from '@/lib/shared/contracts/verification';

export const GET = withApi(batchListContract, async ({ db, session, query, locale }) =>
  listBatches(db, await actorOf(db, session!), 'auto', query, locale),
);
