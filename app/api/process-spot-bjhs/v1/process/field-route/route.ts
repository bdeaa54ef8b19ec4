// GET /api/process-spot-bjhs/v1/process/field-route?county=&batchId=&lon=&lat= — the visiting order of a county's spots to check (issue 34.4)
import { withApi } from '@/lib/server/api/with-api';
import { actorOf } from '@/lib/server/verification/cases';
import { fieldRoute } from '@/lib/server/verification/field-route';
import { fieldRouteContract } from '@/lib/shared/contracts/verification';

export const GET = withApi(fieldRouteContract, async ({ db, session, query, locale }) =>
  fieldRoute(db, await actorOf(db, session!), query, locale),
);
