// GET /api/order/v3/order/own/export?lang=zh|en — the caller's orders as CSV (one line per scene)
import { withApi } from '@/lib/server/api/with-api';
import { exportOwnOrders } from '@/lib/server/orders/export';
import { ownerId } from '@/lib/server/orders/owner';
import { exportOrdersContract } from '@/lib/shared/contracts/orders';

export const GET = withApi(exportOrdersContract, ({ db, session, locale, query }) =>
  exportOwnOrders(db, ownerId(session), query.lang ?? locale),
);
