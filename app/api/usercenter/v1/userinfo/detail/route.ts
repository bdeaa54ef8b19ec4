// GET /api/usercenter/v1/userinfo/detail — the signed-in user
import { notFound } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { getUserDetail } from '@/lib/server/users';
import { userDetailContract } from '@/lib/shared/contracts/users';

export const GET = withApi(userDetailContract, async ({ db, session, locale }) => {
  const detail = session && (await getUserDetail(db, session.userId, locale));
  if (!detail) throw notFound();
  return detail;
});
