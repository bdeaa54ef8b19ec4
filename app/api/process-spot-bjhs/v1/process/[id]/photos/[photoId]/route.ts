// DELETE /api/process-spot-bjhs/v1/process/{id}/photos/{photoId} — delete one of my own photos of a case (issue 34.1)
import { withApi } from '@/lib/server/api/with-api';
import { actorOf } from '@/lib/server/verification/cases';
import { deleteCasePhoto } from '@/lib/server/verification/photos';
import { deleteCasePhotoContract } from '@/lib/shared/contracts/verification';

export const DELETE = withApi(deleteCasePhotoContract, async ({ db, session, params }) =>
  deleteCasePhoto(db, await actorOf(db, session!), String(params.id), String(params.photoId)),
);
