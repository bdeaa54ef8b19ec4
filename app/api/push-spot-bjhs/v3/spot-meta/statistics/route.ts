// GET /api/push-spot-bjhs/v3/spot-meta/statistics — the mix of the cases in my range under filters (issue 33.6)
import { withApi } from '@/lib/server/api/with-api';
import { actorOf } from '@/lib/server/verification/cases';
import { caseMix } from '@/lib/server/verification/queries';
import { caseMixContract } from '@/lib/shared/contracts/verification';

export const GET = withApi(caseMixContract, async ({ db, session, query, locale }) =>
  caseMix(db, await actorOf(db, session!), query, locale),
);
