// POST /api/surface-deformation/v1/unionarea — the union of the products' footprints and its km² (MOD_076)
import { withApi } from '@/lib/server/api/with-api';
import { productUnion } from '@/lib/server/themes/surface-deform/products';
import { productUnionContract } from '@/lib/shared/contracts/surface-deform';

export const POST = withApi(productUnionContract, ({ db, body }) => productUnion(db, body));
