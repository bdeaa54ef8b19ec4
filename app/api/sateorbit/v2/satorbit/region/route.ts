// POST /api/sateorbit/v2/satorbit/region — predicted passes of the chosen satellites over regions (public)
import { withApi } from '@/lib/server/api/with-api';
import { predict } from '@/lib/server/orbits/predict';
import { regionPredictionContract } from '@/lib/shared/contracts/orbits';

export const POST = withApi(regionPredictionContract, ({ db, body, locale }) => {
  const { regionCodes, ...options } = body;
  return predict(db, { kind: 'regions', regionCodes }, options, locale);
});
