// GET /api/push/v1/spotbatch_v3/exportexcel?id=&lang= — a spot batch's spots as .xlsx (owner or administrators)
import { withApi } from '@/lib/server/api/with-api';
import { spotBatchWorkbook } from '@/lib/server/push';
import { spotBatchExportContract } from '@/lib/shared/contracts/spot-batches';

export const GET = withApi(spotBatchExportContract, async ({ db, session, query, locale }) =>
  spotBatchWorkbook(db, session!, query.id, query.lang ?? locale),
);
