// GET /api/news/v3/news-v3/id/{id} — one published item with its neighbours
import { notFound } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { findNews } from '@/lib/server/news';
import { getNewsContract } from '@/lib/shared/contracts/news';

export const GET = withApi(getNewsContract, async ({ db, params, locale }) => {
  const item = await findNews(db, params.id, locale);
  if (!item) throw notFound();
  return item;
});
