// GET /api/usercenter/v1/userinfo/nodetype — node types
import { withApi } from '@/lib/server/api/with-api';
import { listNodeTypes } from '@/lib/server/users/catalog';
import { listNodeTypesContract } from '@/lib/shared/contracts/users';

export const GET = withApi(listNodeTypesContract, async ({ db, locale }) => listNodeTypes(db, locale));
