// GET /api/push/v1/coverCalculate-v2 — the batch's geodesic coverage of its user's regions
import { withApi } from '@/lib/server/api/with-api';
import { batchCoverage } from '@/lib/server/push';
import { coverCalculateContract } from '@/lib/shared/contracts/push';

export const GET = withApi(coverCalculateContract, async ({ db, session, query, locale }) => batchCoverage(db, session!, query.id, locale));
