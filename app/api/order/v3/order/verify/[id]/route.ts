// GET /api/order/v3/order/verify/{id} — recompute an order's history hash chain (its owner or an administrator; 404 for others)
import { withApi } from '@/lib/server/api/with-api';
import { verifySubjectChain } from '@/lib/server/workflow';
import { verifyOrderChainContract } from '@/lib/shared/contracts/orders';

export const GET = withApi(verifyOrderChainContract, ({ db, session, params }) => verifySubjectChain(db, session!, 'order', params.id));
