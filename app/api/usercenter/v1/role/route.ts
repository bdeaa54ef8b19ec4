// GET /api/usercenter/v1/role — roles with their permission codes
import { withApi } from '@/lib/server/api/with-api';
import { listRoles } from '@/lib/server/users/catalog';
import { listRolesContract } from '@/lib/shared/contracts/users';

export const GET = withApi(listRolesContract, async ({ db, locale }) => listRoles(db, locale));
