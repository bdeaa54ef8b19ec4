// GET /api/process-spot-bjhs/v1/process/overdue — the overdue cases escalated to me, one level up (issue 33.4)
import { withApi } from '@/lib/server/api/with-api';
import { actorOf } from '@/lib/server/verification/cases';
import { overdueFor } from '@/lib/server/verification/deadlines';
import { overdueListContract } from '@/lib/shared/contracts/verification';

export const GET = withApi(overdueListContract, async ({ db, session, query }) =>
  overdueFor(db, await actorOf(db, session!), { limit: query.pageSize, offset: (query.pageNum - 1) * query.pageSize }),
);
