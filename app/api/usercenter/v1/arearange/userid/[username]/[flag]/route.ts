// GET /api/usercenter/v1/arearange/userid/{username}/0 — area ranges by username (own, or any for administrators)
import { forbidden, unauthorized } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { getAreaRangesByUsername } from '@/lib/server/users';
import { getAreaRangesByUsernameContract } from '@/lib/shared/contracts/users';
import { ALL_PERMISSION_CODES } from '@/lib/shared/permissions';

export const GET = withApi(getAreaRangesByUsernameContract, async ({ db, session, params }) => {
  if (!session) throw unauthorized();
  const own = session.username.toLowerCase() === params.username.toLowerCase();
  const administrator = ALL_PERMISSION_CODES.every((code) => session.permissions.includes(code));
  if (!own && !administrator) throw forbidden();
  return getAreaRangesByUsername(db, params.username);
});
