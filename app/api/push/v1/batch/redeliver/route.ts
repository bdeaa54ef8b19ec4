// POST /api/push/v1/batch/redeliver — deliver a batch again (the owner or administrators): unacknowledged once more, counted
import { withApi } from '@/lib/server/api/with-api';
import { redeliverBatch } from '@/lib/server/push';
import { redeliverBatchContract } from '@/lib/shared/contracts/push';

export const POST = withApi(redeliverBatchContract, async ({ db, session, body }) => redeliverBatch(db, session!, body.id));
