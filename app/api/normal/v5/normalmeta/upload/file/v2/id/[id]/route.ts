// GET /api/normal/v5/normalmeta/upload/file/v2/id/{id} — an uploaded scene list while it lives (public)
import { withApi } from '@/lib/server/api/with-api';
import { sceneListInfo } from '@/lib/server/catalogue';
import { getSceneListContract } from '@/lib/shared/contracts/scene-lists';

export const GET = withApi(getSceneListContract, ({ db, params, locale }) => sceneListInfo(db, params.id, locale));
