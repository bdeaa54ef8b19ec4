// GET /api/push/v1/spotbatch_v2/own — my spot push batches (v2)
import { withApi } from '@/lib/server/api/with-api';
import { listSpotBatches, pageForVersion } from '@/lib/server/push';
import { spotBatchOwnV2Contract } from '@/lib/shared/contracts/spot-batches';

export const GET = withApi(spotBatchOwnV2Contract, async ({ db, session, query, locale }) =>
  pageForVersion(await listSpotBatches(db, session!, 'own', query, locale, 2), 2),
);
