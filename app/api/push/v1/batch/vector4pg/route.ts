// GET /api/push/v1/batch/vector4pg — a batch's footprints as GeoJSON (bounded)
import { withApi } from '@/lib/server/api/with-api';
import { batchFootprints } from '@/lib/server/push';
import { batchVectorContract } from '@/lib/shared/contracts/push';

export const GET = withApi(batchVectorContract, async ({ db, session, query }) => batchFootprints(db, session!, query.id));
