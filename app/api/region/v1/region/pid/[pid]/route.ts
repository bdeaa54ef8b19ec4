// GET /api/region/v1/region/pid/{pid} — child regions without geometry
import { notFound } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { listChildren, regionExists } from '@/lib/server/regions';
import { getRegionChildrenContract } from '@/lib/shared/contracts/regions';

export const GET = withApi(getRegionChildrenContract, async ({ db, params, query, locale }) => {
  if (!(await regionExists(db, params.pid))) throw notFound();
  return listChildren(db, params.pid, query.level, locale);
});
