// GET /api/push/v1/spotbatch/manager — every user's spot push batches with delivery status (administrators; v1)
import { withApi } from '@/lib/server/api/with-api';
import { listSpotBatches, pageForVersion } from '@/lib/server/push';
import { spotBatchManagerContract } from '@/lib/shared/contracts/spot-batches';

export const GET = withApi(spotBatchManagerContract, async ({ db, session, query, locale }) =>
  pageForVersion(await listSpotBatches(db, session!, 'manager', query, locale, 1), 1),
);
