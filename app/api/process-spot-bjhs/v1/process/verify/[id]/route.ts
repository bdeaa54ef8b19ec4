// GET /api/process-spot-bjhs/v1/process/verify/{id} — recompute a verification case's history hash chain (issue 33.5)
import { withApi } from '@/lib/server/api/with-api';
import { actorOf, caseChain } from '@/lib/server/verification/cases';
import { verifyCaseChainContract } from '@/lib/shared/contracts/verification';

export const GET = withApi(verifyCaseChainContract, async ({ db, session, params }) =>
  caseChain(db, await actorOf(db, session!), String(params.id)),
);
