// GET /api/coverage/v1/coverage/visualitem/{id} — the display geometry of a coverage product (public)
import { withApi } from '@/lib/server/api/with-api';
import { coverageVisualItem } from '@/lib/server/coverage-figures';
import { coverageVisualItemContract } from '@/lib/shared/contracts/coverage-statistics';

export const GET = withApi(coverageVisualItemContract, async ({ db, params, query, locale }) =>
  coverageVisualItem(db, { item: params.id, filters: query, locale }),
);
