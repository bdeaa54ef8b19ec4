// GET /api/push/v1/spotbatch/vector — a spot batch's spots as GeoJSON (owner or administrators; bounded)
import { withApi } from '@/lib/server/api/with-api';
import { spotBatchVector } from '@/lib/server/push';
import { spotBatchVectorContract } from '@/lib/shared/contracts/spot-batches';

export const GET = withApi(spotBatchVectorContract, async ({ db, session, query, locale }) =>
  spotBatchVector(db, session!, query.id, locale),
);
