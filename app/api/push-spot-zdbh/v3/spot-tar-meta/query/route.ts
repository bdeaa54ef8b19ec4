// GET /api/push-spot-zdbh/v3/spot-tar-meta/query — the verification batches (key_change spots) reaching my range (issue 33)
import { withApi } from '@/lib/server/api/with-api';
import { actorOf } from '@/lib/server/verification/cases';
import { listBatches } from '@/lib/server/verification/queries';
import { keyChangeBatchListContract } from '@/lib/shared/contracts/verification';

export const GET = withApi(keyChangeBatchListContract, async ({ db, session, query, locale }) =>
  listBatches(db, await actorOf(db, session!), 'key_change', query, locale),
);
