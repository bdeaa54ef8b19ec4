// POST /api/order/v3/manage/order/id/{id}/status — move an order along the allowed transitions with a note (MOD_ADMIN)
import { withApi } from '@/lib/server/api/with-api';
import { changeOrderStatus } from '@/lib/server/orders/manage';
import { changeOrderStatusContract } from '@/lib/shared/contracts/orders-manage';
import type { OrderStatus } from '@/lib/shared/orders/model';

export const POST = withApi(changeOrderStatusContract, ({ db, params, body, session, locale }) =>
  changeOrderStatus(db, params.id, body.status as OrderStatus, body.note || null, session!.userId, locale),
);
