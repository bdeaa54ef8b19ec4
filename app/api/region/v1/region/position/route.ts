// GET /api/region/v1/region/position — the regions containing a point
import { withApi } from '@/lib/server/api/with-api';
import { findRegionsAt } from '@/lib/server/regions';
import { getRegionPositionContract } from '@/lib/shared/contracts/regions';

export const GET = withApi(getRegionPositionContract, ({ db, query, locale }) => findRegionsAt(db, query.lon, query.lat, locale));
