// GET /api/main/v1/arearange/userid — the signed-in user's area ranges
import { unauthorized } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { getAreaRanges } from '@/lib/server/users';
import { getOwnAreaRangesContract } from '@/lib/shared/contracts/users';

export const GET = withApi(getOwnAreaRangesContract, async ({ db, session }) => {
  if (!session) throw unauthorized();
  return getAreaRanges(db, session.userId);
});
