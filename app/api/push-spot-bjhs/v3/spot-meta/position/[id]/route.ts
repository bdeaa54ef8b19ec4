// GET /api/push-spot-bjhs/v3/spot-meta/position/{id} — where a verification case's spot is (issue 33)
import { withApi } from '@/lib/server/api/with-api';
import { actorOf } from '@/lib/server/verification/cases';
import { casePosition } from '@/lib/server/verification/queries';
import { casePositionContract } from '@/lib/shared/contracts/verification';

export const GET = withApi(casePositionContract, async ({ db, session, params }) =>
  casePosition(db, await actorOf(db, session!), String(params.id)),
);
