// GET /api/region/v1/region/id/{id} — one region with its parentRegionId
import { notFound } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { findRegion } from '@/lib/server/regions';
import { getRegionContract } from '@/lib/shared/contracts/regions';

export const GET = withApi(getRegionContract, async ({ db, params, locale }) => {
  const region = await findRegion(db, params.id, locale);
  if (!region) throw notFound();
  return region;
});
