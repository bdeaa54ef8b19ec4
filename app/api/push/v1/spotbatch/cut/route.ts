// POST /api/push/v1/spotbatch/cut — queue the cut of a quarter's spot batches for a spot type (administrators)
import { withApi } from '@/lib/server/api/with-api';
import { queueSpotCut } from '@/lib/server/push';
import { spotBatchCutContract } from '@/lib/shared/contracts/spot-batches';

export const POST = withApi(spotBatchCutContract, async ({ db, session, body, locale }) => queueSpotCut(db, body, session!.userId, locale));
