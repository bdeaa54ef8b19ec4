// GET /api/spot/v2/spotmeta — spots within the caller's area ranges, filtered and paged (MOD_056)
import { withApi } from '@/lib/server/api/with-api';
import { listSpots, rangePrefixes } from '@/lib/server/theme-features';
import { listSpotsContract } from '@/lib/shared/contracts/spots';
import { scopePrefixes } from '@/lib/shared/spots/scope';
import { LANDCOVER } from '@/lib/shared/themes/landcover';

export const GET = withApi(listSpotsContract, async ({ db, query, session, locale }) => {
  const { pageNum, pageSize, batchStart, batchEnd, batch, filename, xzqdm, ...filters } = query;
  const scope = scopePrefixes(rangePrefixes(session!), xzqdm);
  return listSpots(db, LANDCOVER, { scope, filters, batchStart, batchEnd, batch, filename, pageNum, pageSize, locale });
});
