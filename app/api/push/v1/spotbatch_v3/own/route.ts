// GET /api/push/v1/spotbatch_v3/own — my spot push batches (v3)
import { withApi } from '@/lib/server/api/with-api';
import { listSpotBatches, pageForVersion } from '@/lib/server/push';
import { spotBatchOwnV3Contract } from '@/lib/shared/contracts/spot-batches';

export const GET = withApi(spotBatchOwnV3Contract, async ({ db, session, query, locale }) =>
  pageForVersion(await listSpotBatches(db, session!, 'own', query, locale, 3), 3),
);
