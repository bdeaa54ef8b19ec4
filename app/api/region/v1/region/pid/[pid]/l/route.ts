// GET /api/region/v1/region/pid/{pid}/l — child regions with outlines (GeoJSON)
import { notFound } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { listChildrenFeatures, regionExists } from '@/lib/server/regions';
import { getRegionChildrenGeometryContract } from '@/lib/shared/contracts/regions';

export const GET = withApi(getRegionChildrenGeometryContract, async ({ db, params, query, locale }) => {
  if (!(await regionExists(db, params.pid))) throw notFound();
  return listChildrenFeatures(db, params.pid, query.level, query.lod, locale);
});
