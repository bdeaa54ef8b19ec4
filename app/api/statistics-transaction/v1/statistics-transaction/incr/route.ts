// POST /api/statistics-transaction/v1/statistics-transaction/incr — count one visit
import { ApiError, tooManyRequests } from '@/lib/server/api/errors';
import { sharedRateLimit } from '@/lib/server/api/shared-limits';
import { withApi } from '@/lib/server/api/with-api';
import { getEnv } from '@/lib/server/env';
import { incrementVisit } from '@/lib/server/visits';
import { API_CODES } from '@/lib/shared/contracts/api';
import { incrVisitContract } from '@/lib/shared/contracts/visits';
import { isVisitName } from '@/lib/shared/menu';

// Anyone may count a visit, so one address may not count more than VISIT_RATE_PER_MINUTE a minute, over all
// processes (docs/adr/0035; a refused count writes nothing).

export const POST = withApi(incrVisitContract, async ({ body, db, ip }) => {
  const wait = await sharedRateLimit(db, 'visits', { windowMs: 60_000, max: getEnv().VISIT_RATE_PER_MINUTE }).take(ip);
  if (wait > 0) throw tooManyRequests('visitsRateLimited', wait, { seconds: wait });
  if (!isVisitName(body.name)) throw new ApiError(API_CODES.INVALID_INPUT, 'unknownVisitName', { name: body.name });
  return incrementVisit(db, body.name, body.label);
});
