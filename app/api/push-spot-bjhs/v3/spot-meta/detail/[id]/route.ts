// GET /api/push-spot-bjhs/v3/spot-meta/detail/{id} — one verification case for its page (issue 33, lawSpotDetail)
import { withApi } from '@/lib/server/api/with-api';
import { actorOf } from '@/lib/server/verification/cases';
import { caseDetail } from '@/lib/server/verification/queries';
import { caseDetailContract } from '@/lib/shared/contracts/verification';

export const GET = withApi(caseDetailContract, async ({ db, session, params, locale }) =>
  caseDetail(db, await actorOf(db, session!), String(params.id), locale),
);
