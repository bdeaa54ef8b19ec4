// POST /api/news/v3/manage/id/{id}/status — publish or unpublish
import { notFound } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { setNewsStatus } from '@/lib/server/news';
import { setNewsStatusContract } from '@/lib/shared/contracts/news';

export const POST = withApi(setNewsStatusContract, async ({ db, params, body, session }) => {
  const record = await setNewsStatus(db, params.id, body.status, session!.userId);
  if (!record) throw notFound();
  return record;
});
