// GET /api/spot/v2/spotstatistics/{x} — spot counts and areas of batch x by region (public)
import { withApi } from '@/lib/server/api/with-api';
import { spotStatistics } from '@/lib/server/theme-features';
import { spotStatisticsContract } from '@/lib/shared/contracts/spots';
import { LANDCOVER } from '@/lib/shared/themes/landcover';

export const GET = withApi(spotStatisticsContract, async ({ db, params, query, locale }) => {
  const { regionId, level, ...filters } = query;
  return spotStatistics(db, LANDCOVER, { batchId: params.x, regionId, level, filters, locale });
});
