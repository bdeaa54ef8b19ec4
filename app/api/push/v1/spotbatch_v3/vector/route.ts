// GET /api/push/v1/spotbatch_v3/vector — a spot batch's spots as GeoJSON (owner or administrators; bounded)
import { withApi } from '@/lib/server/api/with-api';
import { spotBatchVector } from '@/lib/server/push';
import { spotBatchVectorV3Contract } from '@/lib/shared/contracts/spot-batches';

export const GET = withApi(spotBatchVectorV3Contract, async ({ db, session, query, locale }) =>
  spotBatchVector(db, session!, query.id, locale),
);
