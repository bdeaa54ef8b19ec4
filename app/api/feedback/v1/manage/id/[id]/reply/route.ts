// PUT /api/feedback/v1/manage/id/{id}/reply — answer a feedback or change the answer (MOD_ADMIN)
import { notFound } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { replyToFeedback } from '@/lib/server/feedback';
import { replyFeedbackContract } from '@/lib/shared/contracts/feedback';

export const PUT = withApi(replyFeedbackContract, async ({ db, params, body, session, locale }) => {
  const item = await replyToFeedback(db, params.id, body.reply, session!.userId, locale);
  if (!item) throw notFound();
  return item;
});
