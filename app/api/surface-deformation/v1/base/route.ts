// POST /api/surface-deformation/v1/base — a page of the InSAR products matching the filters and area, with the total (MOD_076)
import { withApi } from '@/lib/server/api/with-api';
import { searchProducts } from '@/lib/server/themes/surface-deform/products';
import { searchProductsContract } from '@/lib/shared/contracts/surface-deform';

export const POST = withApi(searchProductsContract, ({ db, body }) => searchProducts(db, body));
