// GET /api/push/v1/spotbatch_v3/manager — every user's spot push batches with delivery status (administrators; v3)
import { withApi } from '@/lib/server/api/with-api';
import { listSpotBatches, pageForVersion } from '@/lib/server/push';
import { spotBatchManagerV3Contract } from '@/lib/shared/contracts/spot-batches';

export const GET = withApi(spotBatchManagerV3Contract, async ({ db, session, query, locale }) =>
  pageForVersion(await listSpotBatches(db, session!, 'manager', query, locale, 3), 3),
);
