// GET /api/push/v1/spotbatch/own — my spot push batches (v1)
import { withApi } from '@/lib/server/api/with-api';
import { listSpotBatches, pageForVersion } from '@/lib/server/push';
import { spotBatchOwnContract } from '@/lib/shared/contracts/spot-batches';

export const GET = withApi(spotBatchOwnContract, async ({ db, session, query, locale }) =>
  pageForVersion(await listSpotBatches(db, session!, 'own', query, locale, 1), 1),
);
