// GET /api/region/v1/region/extent/{id} — bounding box and label point of a region
import { notFound } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { findExtent } from '@/lib/server/regions';
import { getRegionExtentContract } from '@/lib/shared/contracts/regions';

export const GET = withApi(getRegionExtentContract, async ({ db, params }) => {
  const extent = await findExtent(db, params.id);
  if (!extent) throw notFound();
  return extent;
});
