// GET /api/coverage/v1/coverage/lastest/{x} — the latest coverage figures of region x and its children (public)
import { withApi } from '@/lib/server/api/with-api';
import { latestCoverage } from '@/lib/server/coverage-figures';
import { coverageLatestContract } from '@/lib/shared/contracts/coverage-statistics';

export const GET = withApi(coverageLatestContract, async ({ db, params, query, locale, uncacheable }) => {
  const answer = await latestCoverage(db, { regionCode: params.x, filters: query, locale });
  // Still being computed: asked again in a moment, so no browser may keep it.
  if (answer.progress) uncacheable();
  return answer;
});
