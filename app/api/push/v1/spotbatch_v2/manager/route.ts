// GET /api/push/v1/spotbatch_v2/manager — every user's spot push batches with delivery status (administrators; v2)
import { withApi } from '@/lib/server/api/with-api';
import { listSpotBatches, pageForVersion } from '@/lib/server/push';
import { spotBatchManagerV2Contract } from '@/lib/shared/contracts/spot-batches';

export const GET = withApi(spotBatchManagerV2Contract, async ({ db, session, query, locale }) =>
  pageForVersion(await listSpotBatches(db, session!, 'manager', query, locale, 2), 2),
);
