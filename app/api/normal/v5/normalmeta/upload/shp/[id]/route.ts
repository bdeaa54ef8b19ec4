// GET /api/normal/v5/normalmeta/upload/shp/{id} — an uploaded area while it lives (public; the id is the key)
import { withApi } from '@/lib/server/api/with-api';
import { getUploadedArea } from '@/lib/server/areas';
import { getUploadedAreaContract } from '@/lib/shared/contracts/uploads';

export const GET = withApi(getUploadedAreaContract, ({ db, params }) => getUploadedArea(db, params.id));
