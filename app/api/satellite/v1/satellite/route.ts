// GET /api/satellite/v1/satellite?country=cn|global&group=&pageNum=&pageSize= — the satellite pages
import { withApi } from '@/lib/server/api/with-api';
import { listSatellites } from '@/lib/server/satellites';
import { listSatellitesContract } from '@/lib/shared/contracts/satellites';

export const GET = withApi(listSatellitesContract, ({ db, query, locale }) => listSatellites(db, query, locale));
