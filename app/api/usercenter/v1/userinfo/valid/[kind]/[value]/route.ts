// GET /api/usercenter/v1/userinfo/valid/{username|email|telephone}/{value} — live registration checks
import { withApi } from '@/lib/server/api/with-api';
import { checkValidity } from '@/lib/server/users/registration';
import { checkValidityContract } from '@/lib/shared/contracts/users';

export const GET = withApi(checkValidityContract, async ({ db, params }) => checkValidity(db, params.kind, params.value));
