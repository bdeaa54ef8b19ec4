// GET /api/satelliteimage/v2/sateorbitimage/now/{x} — sub-satellite points now and the next 90 minutes of track
import { withApi } from '@/lib/server/api/with-api';
import { satellitesNow } from '@/lib/server/orbits/now';
import { satellitesNowContract } from '@/lib/shared/contracts/orbits';

export const GET = withApi(satellitesNowContract, async ({ db, params, query }) =>
  satellitesNow(db, { norads: params.x, atMs: query.at ? Date.parse(query.at) : Date.now() }),
);
