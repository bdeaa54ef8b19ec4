// GET /api/order/v3/manage/order/id/{id} — one order with items, history and the statuses it may move to (MOD_ADMIN)
import { withApi } from '@/lib/server/api/with-api';
import { getManagedOrder } from '@/lib/server/orders/manage';
import { getManagedOrderContract } from '@/lib/shared/contracts/orders-manage';

export const GET = withApi(getManagedOrderContract, ({ db, params, locale }) => getManagedOrder(db, params.id, locale));
