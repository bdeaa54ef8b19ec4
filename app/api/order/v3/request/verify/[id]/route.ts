// GET /api/order/v3/request/verify/{id} — recompute an application's history hash chain (its applicant or an administrator; 404 for others)
import { withApi } from '@/lib/server/api/with-api';
import { verifySubjectChain } from '@/lib/server/workflow';
import { verifyRequestChainContract } from '@/lib/shared/contracts/requests';

export const GET = withApi(verifyRequestChainContract, ({ db, session, params }) => verifySubjectChain(db, session!, 'request', params.id));
