// GET /api/news/v3/news-v3/home — highlights and the latest items of each type
import { withApi } from '@/lib/server/api/with-api';
import { newsHome } from '@/lib/server/news';
import { newsHomeContract } from '@/lib/shared/contracts/news';

export const GET = withApi(newsHomeContract, ({ db, locale }) => newsHome(db, locale));
