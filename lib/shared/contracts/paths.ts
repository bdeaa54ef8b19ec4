/**
 * Paths of the calls every page makes, free of schemas: code loaded on every page imports these
 * rather than the contracts, which would bring the validation library into the first load. The
 * contracts use the same constants, so the two cannot drift.
 */
export const API_PATHS = {
  incrVisit: '/api/statistics-transaction/v1/statistics-transaction/incr',
  logout: '/api/usercenter/v1/userinfo/logout',
  /** The header's cart badge (signed-in users with MOD_061). */
  cartCount: '/api/order/v3/ordercart/count',
} as const;
