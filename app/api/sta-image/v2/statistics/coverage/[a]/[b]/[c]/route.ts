// GET /api/sta-image/v2/statistics/coverage/{level}/{region}/{period} — imagery coverage by region (public)
import { withApi } from '@/lib/server/api/with-api';
import { coverageStatistics } from '@/lib/server/coverage-figures';
import { coverageStatisticsContract } from '@/lib/shared/contracts/coverage-statistics';

export const GET = withApi(coverageStatisticsContract, async ({ db, params, query, locale, uncacheable }) => {
  const answer = await coverageStatistics(db, { level: params.a, regionCode: params.b, range: params.c, filters: query, locale });
  // Still being computed: asked again in a moment, so no browser may keep it.
  if (answer.progress) uncacheable();
  return answer;
});
