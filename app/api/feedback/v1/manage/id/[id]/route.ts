// GET /api/feedback/v1/manage/id/{id} — one feedback with its sender, reply and history (MOD_ADMIN)
import { notFound } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { getManagedFeedback } from '@/lib/server/feedback';
import { getManagedFeedbackContract } from '@/lib/shared/contracts/feedback';

export const GET = withApi(getManagedFeedbackContract, async ({ db, params, locale }) => {
  const item = await getManagedFeedback(db, params.id, locale);
  if (!item) throw notFound();
  return item;
});
