// POST /api/normal/v5/normalmeta/upload/shp — upload an area (multipart `file`: zipped shapefile, GeoJSON, KML, KMZ) for SHP mode (public)
import { withApi } from '@/lib/server/api/with-api';
import { uploadArea, uploadedFile } from '@/lib/server/areas';
import { uploadAreaContract } from '@/lib/shared/contracts/uploads';

export const POST = withApi(uploadAreaContract, async ({ db, request }) =>
  uploadArea(db, await uploadedFile(request, uploadAreaContract.maxBodyBytes!)),
);
