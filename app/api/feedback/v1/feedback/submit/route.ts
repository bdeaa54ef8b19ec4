// POST /api/feedback/v1/feedback/submit — send feedback (MOD_054; rate-limited, 429 with Retry-After)
import { withApi } from '@/lib/server/api/with-api';
import { submitFeedback } from '@/lib/server/feedback';
import { submitFeedbackContract } from '@/lib/shared/contracts/feedback';

export const POST = withApi(submitFeedbackContract, ({ db, body, session, ip, locale }) =>
  submitFeedback(db, body, { userId: session!.userId, ip, locale }),
);
