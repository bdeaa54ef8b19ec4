// GET /api/region/v1/globalregion/pid/{pid}/s — countries of the world as code and name
import { withApi } from '@/lib/server/api/with-api';
import { listGlobalChildrenShort } from '@/lib/server/regions';
import { getGlobalRegionChildrenShortContract } from '@/lib/shared/contracts/regions';

export const GET = withApi(getGlobalRegionChildrenShortContract, ({ db, params, locale }) =>
  listGlobalChildrenShort(db, params.pid, locale),
);
