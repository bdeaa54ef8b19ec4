// GET /api/usercenter/v1/arearange/id/{id} — one area range (own, or any for administrators)
import { notFound, unauthorized } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { isAdministrator } from '@/lib/server/auth/roles';
import { getAreaRangeById } from '@/lib/server/users';
import { getAreaRangeByIdContract } from '@/lib/shared/contracts/users';

export const GET = withApi(getAreaRangeByIdContract, async ({ db, session, params }) => {
  if (!session) throw unauthorized();
  const range = await getAreaRangeById(db, params.id);
  // Someone else's range is answered like a missing one: ids reveal nothing.
  if (!range || (range.userId !== session.userId && !isAdministrator(session))) throw notFound();
  const { userId: _owner, ...rest } = range;
  return rest;
});
