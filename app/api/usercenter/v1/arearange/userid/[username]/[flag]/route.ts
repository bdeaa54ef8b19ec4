// GET /api/usercenter/v1/arearange/userid/{username}/0 — area ranges by username (own, or any for administrators)
import { forbidden, unauthorized } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { isAdministrator } from '@/lib/server/auth/roles';
import { getAreaRangesByUsername } from '@/lib/server/users';
import { getAreaRangesByUsernameContract } from '@/lib/shared/contracts/users';

export const GET = withApi(getAreaRangesByUsernameContract, async ({ db, session, params }) => {
  if (!session) throw unauthorized();
  const own = session.username.toLowerCase() === params.username.toLowerCase();
  if (!own && !isAdministrator(session)) throw forbidden();
  return getAreaRangesByUsername(db, params.username);
});
