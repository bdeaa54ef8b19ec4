// GET /api/spot/v2/spotmeta/id/{id} — one spot with its geometry, within the caller's area ranges (MOD_056)
import { notFound } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { findSpot, rangePrefixes } from '@/lib/server/theme-features';
import { getSpotContract } from '@/lib/shared/contracts/spots';
import { LANDCOVER } from '@/lib/shared/themes/landcover';

export const GET = withApi(getSpotContract, async ({ db, params, session, locale }) => {
  const spot = await findSpot(db, LANDCOVER, params.id, rangePrefixes(session!), locale);
  if (!spot) throw notFound();
  return spot;
});
