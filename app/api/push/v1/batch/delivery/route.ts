// GET /api/push/v1/batch/delivery — batches with their delivery status, filtered by it (mine; administrators: everyone's)
import { withApi } from '@/lib/server/api/with-api';
import { listDeliveries } from '@/lib/server/push';
import { batchDeliveryListContract } from '@/lib/shared/contracts/push';

export const GET = withApi(batchDeliveryListContract, async ({ db, session, query }) => listDeliveries(db, session!, query));
