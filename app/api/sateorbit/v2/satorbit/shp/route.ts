// POST /api/sateorbit/v2/satorbit/shp — predicted passes over an uploaded, drawn or rectangular area, or an image query search's uncovered part (public)
import { withApi } from '@/lib/server/api/with-api';
import { predict } from '@/lib/server/orbits/predict';
import { shpPredictionContract } from '@/lib/shared/contracts/orbits';

export const POST = withApi(shpPredictionContract, ({ db, body, locale }) => {
  const { area, ...options } = body;
  return predict(db, { kind: 'area', area }, options, locale);
});
