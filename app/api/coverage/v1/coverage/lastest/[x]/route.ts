// GET /api/coverage/v1/coverage/lastest/{x} — the latest coverage figures of region x and its children (public)
import { withApi } from '@/lib/server/api/with-api';
import { latestCoverage } from '@/lib/server/coverage-figures';
import { coverageLatestContract } from '@/lib/shared/contracts/coverage-statistics';

export const GET = withApi(coverageLatestContract, async ({ db, params, query, locale }) =>
  latestCoverage(db, { regionCode: params.x, filters: query, locale }),
);
