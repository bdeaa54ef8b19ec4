// GET /api/feedback/v1/manage?status=&keyword=&pageNum=&pageSize= — all feedback for administrators (MOD_ADMIN)
import { withApi } from '@/lib/server/api/with-api';
import { listManagedFeedback } from '@/lib/server/feedback';
import { listManagedFeedbackContract } from '@/lib/shared/contracts/feedback';

export const GET = withApi(listManagedFeedbackContract, ({ db, query }) =>
  listManagedFeedback(db, { status: query.status, keyword: query.keyword }, query.pageNum, query.pageSize),
);
