// POST /api/surface-deformation/v1/upload/file/v2/FILE_NAMES — upload a product file-name list, read and refused as the image query's (MOD_076)
import { withApi } from '@/lib/server/api/with-api';
import { uploadedFile, uploadSceneList } from '@/lib/server/catalogue';
import { UPLOAD_TYPES } from '@/lib/shared/contracts/scene-lists';
import { uploadDeformListContract } from '@/lib/shared/contracts/surface-deform';

export const POST = withApi(uploadDeformListContract, async ({ db, request, session, locale }) => {
  const file = await uploadedFile(request);
  return uploadSceneList(db, { bytes: file.bytes, fileName: file.name, type: UPLOAD_TYPES.FLIE_NAMES, userId: session?.userId ?? null, locale });
});
