// GET /api/push/v1/batch/detail — one batch's figures, regions and scenes (mine, or any for administrators)
import { withApi } from '@/lib/server/api/with-api';
import { batchDetail } from '@/lib/server/push';
import { batchDetailContract } from '@/lib/shared/contracts/push';

export const GET = withApi(batchDetailContract, async ({ db, session, query, locale }) => batchDetail(db, session!, query, locale));
