// GET /api/usercenter/v1/permission — permission codes and names
import { withApi } from '@/lib/server/api/with-api';
import { listPermissions } from '@/lib/server/users/catalog';
import { listPermissionsContract } from '@/lib/shared/contracts/users';

export const GET = withApi(listPermissionsContract, async ({ db, locale }) => listPermissions(db, locale));
