// GET /api/push/v1/batch — my image push batches (administrators: everyone's, or one user's)
import { withApi } from '@/lib/server/api/with-api';
import { listBatches } from '@/lib/server/push';
import { listBatchesContract } from '@/lib/shared/contracts/push';

export const GET = withApi(listBatchesContract, async ({ db, session, query }) => listBatches(db, session!, query));
