// GET /api/push-spot-zdbh/v3/spot-tar-meta/statistics — the mix of one batch's key_change spots in my range (issue 33.6)
import { withApi } from '@/lib/server/api/with-api';
import { actorOf } from '@/lib/server/verification/cases';
import { caseMix } from '@/lib/server/verification/queries';
import { keyChangeBatchMixContract } from '@/lib/shared/contracts/verification';

export const GET = withApi(keyChangeBatchMixContract, async ({ db, session, query, locale }) =>
  caseMix(db, await actorOf(db, session!), { batchId: query.batchId, source: 'key_change' }, locale),
);
