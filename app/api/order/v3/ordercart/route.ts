// POST /api/order/v3/ordercart — put scenes in the caller's cart (ids, or all results of a search); DELETE — take them out
import { withApi } from '@/lib/server/api/with-api';
import { addToCart, removeFromCart } from '@/lib/server/orders/cart';
import { ownerId } from '@/lib/server/orders/owner';
import { addToCartContract, removeFromCartContract } from '@/lib/shared/contracts/orders';

export const POST = withApi(addToCartContract, ({ db, session, body }) => addToCart(db, ownerId(session), body));

export const DELETE = withApi(removeFromCartContract, ({ db, session, body }) =>
  removeFromCart(db, ownerId(session), body.all ? 'all' : (body.ids ?? [])),
);
