// GET /api/news/v3/news-v3?type=&pageNum=&pageSize= — published news of one type, newest first
import { withApi } from '@/lib/server/api/with-api';
import { listNews } from '@/lib/server/news';
import { listNewsContract } from '@/lib/shared/contracts/news';

export const GET = withApi(listNewsContract, ({ db, query, locale }) => listNews(db, query.type, query.pageNum, query.pageSize, locale));
