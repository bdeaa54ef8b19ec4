// GET /api/feedback/v1/feedback/verify/{id} — recompute a feedback's history hash chain (its sender or an administrator; 404 for others)
import { withApi } from '@/lib/server/api/with-api';
import { verifySubjectChain } from '@/lib/server/workflow';
import { verifyFeedbackChainContract } from '@/lib/shared/contracts/feedback';

export const GET = withApi(verifyFeedbackChainContract, ({ db, session, params }) =>
  verifySubjectChain(db, session!, 'feedback', params.id),
);
