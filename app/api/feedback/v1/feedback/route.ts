// GET /api/feedback/v1/feedback?pageNum=&pageSize= — the caller's own feedback with replies (MOD_054)
import { withApi } from '@/lib/server/api/with-api';
import { listOwnFeedback } from '@/lib/server/feedback';
import { listOwnFeedbackContract } from '@/lib/shared/contracts/feedback';

export const GET = withApi(listOwnFeedbackContract, ({ db, query, session }) =>
  listOwnFeedback(db, session!.userId, query.pageNum, query.pageSize),
);
