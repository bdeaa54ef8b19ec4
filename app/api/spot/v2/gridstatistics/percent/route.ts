// GET /api/spot/v2/gridstatistics/percent — spots per map grid cell within the caller's area ranges (MOD_056)
import { withApi } from '@/lib/server/api/with-api';
import { gridPercent, rangePrefixes } from '@/lib/server/theme-features';
import { gridPercentContract } from '@/lib/shared/contracts/spots';
import { scopePrefixes } from '@/lib/shared/spots/scope';
import { LANDCOVER } from '@/lib/shared/themes/landcover';

export const GET = withApi(gridPercentContract, async ({ db, query, session, locale }) => {
  const { regionId, batch, level, ...filters } = query;
  const scope = scopePrefixes(rangePrefixes(session!), regionId);
  return gridPercent(db, LANDCOVER, { scope, batchId: batch ?? null, level, filters, locale });
});
