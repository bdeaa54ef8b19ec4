// GET /api/push-spot-bjhs/v3/spot-tar-meta/statistics — the mix of one batch's auto spots in my range (issue 33.6)
import { withApi } from '@/lib/server/api/with-api';
import { actorOf } from '@/lib/server/verification/cases';
import { caseMix } from '@/lib/server/verification/queries';
import { batchMixContract } from '@/lib/shared/contracts/verification';

export const GET = withApi(batchMixContract, async ({ db, session, query, locale }) =>
  caseMix(db, await actorOf(db, session!), { batchId: query.batchId, source: 'auto' }, locale),
);
