// POST /api/surface-deformation/v1/upload/shp — upload a search area, stored and refused exactly as the image query's (MOD_076)
import { withApi } from '@/lib/server/api/with-api';
import { uploadArea, uploadedFile } from '@/lib/server/areas';
import { uploadDeformAreaContract } from '@/lib/shared/contracts/surface-deform';

export const POST = withApi(uploadDeformAreaContract, async ({ db, request }) =>
  uploadArea(db, await uploadedFile(request, uploadDeformAreaContract.maxBodyBytes!)),
);
