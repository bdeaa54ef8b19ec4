// GET /api/share/v2/shareinfo-v2?category=&pageNum=&pageSize= — share items of one category, paged
import { withApi } from '@/lib/server/api/with-api';
import { listShareItems } from '@/lib/server/share';
import { listShareContract } from '@/lib/shared/contracts/share';

export const GET = withApi(listShareContract, ({ db, query, locale }) =>
  listShareItems(db, query.category, query.pageNum, query.pageSize, locale),
);
