// GET /api/process-spot-bjhs/v1/process/{id}/photos — a case's field photos; POST — add one (raw JPEG/PNG body; issue 34.1)
import { readBodyLimited } from '@/lib/server/api/upload';
import { withApi } from '@/lib/server/api/with-api';
import { actorOf } from '@/lib/server/verification/cases';
import { addCasePhoto, casePhotos, photoTooLarge, requirePhotoAdder } from '@/lib/server/verification/photos';
import { PHOTO_LIMITS } from '@/lib/shared/verification/photos';
import { casePhotosContract, uploadCasePhotoContract } from '@/lib/shared/contracts/verification';

export const GET = withApi(casePhotosContract, async ({ db, session, params }) =>
  casePhotos(db, await actorOf(db, session!), String(params.id)),
);

export const POST = withApi(uploadCasePhotoContract, async ({ db, session, params, query, request }) => {
  const actor = await actorOf(db, session!);
  // Who may add is settled before the body is read (addCasePhoto checks it again with the bytes).
  await requirePhotoAdder(db, actor, String(params.id));
  const data = await readBodyLimited(request, PHOTO_LIMITS.maxBytes, photoTooLarge);
  return addCasePhoto(db, actor, String(params.id), data, query);
});
