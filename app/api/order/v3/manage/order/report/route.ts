// GET /api/order/v3/manage/order/report?months= — orders per month and per satellite (MOD_ADMIN)
import { withApi } from '@/lib/server/api/with-api';
import { orderReport } from '@/lib/server/orders/manage';
import { orderReportContract } from '@/lib/shared/contracts/orders-manage';

export const GET = withApi(orderReportContract, ({ db, query }) => orderReport(db, query.months));
