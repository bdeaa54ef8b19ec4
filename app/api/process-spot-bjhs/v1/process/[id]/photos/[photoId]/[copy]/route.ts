// GET /api/process-spot-bjhs/v1/process/{id}/photos/{photoId}/{display|original} — a case photo's captioned copy or original (issue 34.1)
import { withApi } from '@/lib/server/api/with-api';
import { actorOf } from '@/lib/server/verification/cases';
import { casePhotoFile } from '@/lib/server/verification/photos';
import { casePhotoFileContract } from '@/lib/shared/contracts/verification';

export const GET = withApi(casePhotoFileContract, async ({ db, session, params, request }) =>
  casePhotoFile(db, await actorOf(db, session!), request, String(params.id), String(params.photoId), params.copy),
);
