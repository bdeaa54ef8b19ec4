// GET /api/region/v1/region/id/{id}/l — one region with its outline (GeoJSON Feature)
import { notFound } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { findRegionFeature } from '@/lib/server/regions';
import { getRegionGeometryContract } from '@/lib/shared/contracts/regions';

export const GET = withApi(getRegionGeometryContract, async ({ db, params, query, locale }) => {
  const feature = await findRegionFeature(db, params.id, query.lod, locale);
  if (!feature) throw notFound();
  return feature;
});
