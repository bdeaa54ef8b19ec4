// GET /api/region/v1/region/pid/{pid}/s — child regions as code and name
import { notFound } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { listChildrenShort, regionExists } from '@/lib/server/regions';
import { getRegionChildrenShortContract } from '@/lib/shared/contracts/regions';

export const GET = withApi(getRegionChildrenShortContract, async ({ db, params, query, locale }) => {
  if (!(await regionExists(db, params.pid))) throw notFound();
  return listChildrenShort(db, params.pid, query.level, locale);
});
