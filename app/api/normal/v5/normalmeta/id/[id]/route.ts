// GET /api/normal/v5/normalmeta/id/{id} — one scene with all its metadata (public)
import { withApi } from '@/lib/server/api/with-api';
import { findScene } from '@/lib/server/catalogue';
import { getSceneContract } from '@/lib/shared/contracts/catalogue';

export const GET = withApi(getSceneContract, ({ db, params }) => findScene(db, params.id));
