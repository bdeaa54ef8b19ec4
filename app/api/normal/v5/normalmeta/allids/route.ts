// POST /api/normal/v5/normalmeta/allids — every id matching the filters and area, up to the documented cap (public)
import { withApi } from '@/lib/server/api/with-api';
import { allSceneIds } from '@/lib/server/catalogue';
import { allSceneIdsContract } from '@/lib/shared/contracts/catalogue';

export const POST = withApi(allSceneIdsContract, ({ db, body }) => allSceneIds(db, body.filter));
