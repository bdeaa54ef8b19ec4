// GET /api/coverage/v1/coverage/item/{id} — one coverage product: a region's coverage for a period (public)
import { withApi } from '@/lib/server/api/with-api';
import { coverageItem } from '@/lib/server/coverage-figures';
import { coverageItemContract } from '@/lib/shared/contracts/coverage-statistics';

export const GET = withApi(coverageItemContract, async ({ db, params, query, locale, uncacheable }) => {
  const answer = await coverageItem(db, { item: params.id, filters: query, locale });
  // Still being computed: asked again in a moment, so no browser may keep it.
  if (answer.progress) uncacheable();
  return answer;
});
