// POST /api/surface-deformation/v1/allids — every product id matching the filters and area, up to the cap (MOD_076)
import { withApi } from '@/lib/server/api/with-api';
import { allProductIds } from '@/lib/server/themes/surface-deform/products';
import { allProductIdsContract } from '@/lib/shared/contracts/surface-deform';

export const POST = withApi(allProductIdsContract, ({ db, body }) => allProductIds(db, body.filter));
