// POST /api/process-spot-bjhs/v1/process/{id} — move a verification case along its machine (roles by region; issue 33)
import { withApi } from '@/lib/server/api/with-api';
import { actorOf, moveCase } from '@/lib/server/verification/cases';
import { moveCaseContract } from '@/lib/shared/contracts/verification';

export const POST = withApi(moveCaseContract, async ({ db, session, params, body }) =>
  moveCase(db, await actorOf(db, session!), String(params.id), body),
);
