// GET /api/spot/v2/spotstatistics/lastest — spot statistics of the current batch by region (public)
import { withApi } from '@/lib/server/api/with-api';
import { spotStatistics } from '@/lib/server/theme-features';
import { spotStatisticsLatestContract } from '@/lib/shared/contracts/spots';
import { LANDCOVER } from '@/lib/shared/themes/landcover';

export const GET = withApi(spotStatisticsLatestContract, async ({ db, query, locale }) => {
  const { regionId, level, ...filters } = query;
  return spotStatistics(db, LANDCOVER, { batchId: null, regionId, level, filters, locale });
});
