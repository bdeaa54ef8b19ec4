// GET /api/news/v3/news-v3/s?keyword=&type=&pageNum=&pageSize= — search published news
import { withApi } from '@/lib/server/api/with-api';
import { searchNews } from '@/lib/server/news';
import { searchNewsContract } from '@/lib/shared/contracts/news';

export const GET = withApi(searchNewsContract, ({ db, query, locale }) =>
  searchNews(db, query.keyword, query.type, query.pageNum, query.pageSize, locale),
);
