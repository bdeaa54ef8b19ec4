// GET /api/spot/v2/spotstatistics/trend — spot counts and areas per batch in a region (public)
import { withApi } from '@/lib/server/api/with-api';
import { spotTrend } from '@/lib/server/theme-features';
import { spotTrendContract } from '@/lib/shared/contracts/spots';
import { LANDCOVER } from '@/lib/shared/themes/landcover';

export const GET = withApi(spotTrendContract, async ({ db, query, locale }) => {
  const { regionId, ...filters } = query;
  return spotTrend(db, LANDCOVER, { regionId, filters, locale });
});
