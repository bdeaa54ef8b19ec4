// GET /api/process-spot-bjhs/v1/process/query — the verification cases in my range, filtered and paged, with stage counts (issue 33)
import { withApi } from '@/lib/server/api/with-api';
import { actorOf } from '@/lib/server/verification/cases';
import { listCases } from '@/lib/server/verification/queries';
import { caseListContract } from '@/lib/shared/contracts/verification';

export const GET = withApi(caseListContract, async ({ db, session, query, locale }) =>
  listCases(db, await actorOf(db, session!), query, locale),
);
