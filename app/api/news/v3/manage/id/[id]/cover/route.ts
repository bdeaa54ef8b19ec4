// GET /api/news/v3/manage/id/{id}/cover — the cover (editors); PUT — upload a new one (raw image body); DELETE — remove it
import { withApi } from '@/lib/server/api/with-api';
import { getNewsCover, readCoverBody, removeNewsCover, setNewsCover } from '@/lib/server/share/news-covers';
import { COVER_MAX_BYTES, deleteNewsCoverContract, getNewsCoverContract, uploadNewsCoverContract } from '@/lib/shared/contracts/share';

export const GET = withApi(getNewsCoverContract, ({ db, params, locale }) => getNewsCover(db, params.id, locale));

export const PUT = withApi(uploadNewsCoverContract, async ({ db, params, query, request, session, locale }) => {
  const data = await readCoverBody(request, COVER_MAX_BYTES, locale);
  return setNewsCover(db, params.id, data, { zh: query.altZh, en: query.altEn }, session!.userId, locale);
});

export const DELETE = withApi(deleteNewsCoverContract, async ({ db, params, session, locale }) => ({
  removed: await removeNewsCover(db, params.id, session!.userId, locale),
}));
