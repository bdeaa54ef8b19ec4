// GET /api/news/v3/manage — all news for editors; POST — create a draft
import { withApi } from '@/lib/server/api/with-api';
import { createNews, listManagedNews } from '@/lib/server/news';
import { createNewsContract, listManagedNewsContract } from '@/lib/shared/contracts/news';

export const GET = withApi(listManagedNewsContract, ({ db, query }) =>
  listManagedNews(db, { type: query.type, status: query.status, q: query.q }, query.pageNum, query.pageSize),
);

export const POST = withApi(createNewsContract, ({ db, body, session }) => createNews(db, body, session!.userId));
