// GET /api/region/v1/globalregion/id/{id} — one country with its outline
import { notFound } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { findGlobalRegionFeature } from '@/lib/server/regions';
import { getGlobalRegionContract } from '@/lib/shared/contracts/regions';

export const GET = withApi(getGlobalRegionContract, async ({ db, params, locale }) => {
  const feature = await findGlobalRegionFeature(db, params.id, locale);
  if (!feature) throw notFound();
  return feature;
});
