// GET /api/news/v3/manage/id/{id} — one record in both languages; PUT — change it
import { notFound } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { getManagedNews, updateNews } from '@/lib/server/news';
import { getManagedNewsContract, updateNewsContract } from '@/lib/shared/contracts/news';

export const GET = withApi(getManagedNewsContract, async ({ db, params }) => {
  const record = await getManagedNews(db, params.id);
  if (!record) throw notFound();
  return record;
});

export const PUT = withApi(updateNewsContract, async ({ db, params, body, session }) => {
  const record = await updateNews(db, params.id, body, session!.userId);
  if (!record) throw notFound();
  return record;
});
