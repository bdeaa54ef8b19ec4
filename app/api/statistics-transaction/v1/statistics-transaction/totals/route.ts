// GET /api/statistics-transaction/v1/statistics-transaction/totals — visit totals for home and statistics
import { withApi } from '@/lib/server/api/with-api';
import { getVisitTotals } from '@/lib/server/visits';
import { getVisitTotalsContract } from '@/lib/shared/contracts/visits';

export const GET = withApi(getVisitTotalsContract, async ({ query, db }) => getVisitTotals(db, query.days));
