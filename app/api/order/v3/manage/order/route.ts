// GET /api/order/v3/manage/order?status=&user=&dateFrom=&dateTo=&pageNum=&pageSize= — all orders (MOD_ADMIN)
import { withApi } from '@/lib/server/api/with-api';
import { listManagedOrders } from '@/lib/server/orders/manage';
import { listManagedOrdersContract } from '@/lib/shared/contracts/orders-manage';

export const GET = withApi(listManagedOrdersContract, ({ db, query, locale }) => listManagedOrders(db, query, locale));
