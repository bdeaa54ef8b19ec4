// POST /api/normal/v5/normalmeta/upload/file/v2/{x} — upload a scene list (multipart field "file"); x: 1|FLIE_NAMES, 2|OPR, 3|PR (public)
import { withApi } from '@/lib/server/api/with-api';
import { uploadedFile, uploadSceneList } from '@/lib/server/catalogue';
import { uploadSceneListContract } from '@/lib/shared/contracts/scene-lists';

export const POST = withApi(uploadSceneListContract, async ({ db, params, request, session, locale }) => {
  const file = await uploadedFile(request);
  return uploadSceneList(db, { bytes: file.bytes, fileName: file.name, type: params.x, userId: session?.userId ?? null, locale });
});
