// GET /api/normal/v5/normalmeta/filename — scenes whose file name contains the text, newest first (public)
import { withApi } from '@/lib/server/api/with-api';
import { scenesByFileName } from '@/lib/server/catalogue';
import { scenesByFileNameContract } from '@/lib/shared/contracts/catalogue';

export const GET = withApi(scenesByFileNameContract, ({ db, query }) => scenesByFileName(db, query));
