// GET /api/share/v2/shareinfo-v2/id/{id} — one share item with body, changelog and screenshots
import { notFound } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { getShareDetail } from '@/lib/server/share';
import { getShareContract } from '@/lib/shared/contracts/share';

export const GET = withApi(getShareContract, async ({ db, params, locale }) => {
  const item = await getShareDetail(db, params.id, locale);
  if (!item) throw notFound();
  return item;
});
