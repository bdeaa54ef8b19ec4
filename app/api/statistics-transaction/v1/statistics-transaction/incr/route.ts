// POST /api/statistics-transaction/v1/statistics-transaction/incr — count one visit
import { ApiError, tooManyRequests } from '@/lib/server/api/errors';
import { WindowLimiter } from '@/lib/server/api/rate-limit';
import { withApi } from '@/lib/server/api/with-api';
import { getEnv } from '@/lib/server/env';
import { incrementVisit } from '@/lib/server/visits';
import { API_CODES } from '@/lib/shared/contracts/api';
import { incrVisitContract } from '@/lib/shared/contracts/visits';
import { isVisitName } from '@/lib/shared/menu';

// Anyone may count a visit, so one address may not count more than VISIT_RATE_PER_MINUTE a minute
// (in memory: a refused count costs no database write).
let limiter: WindowLimiter | null = null;

export const POST = withApi(incrVisitContract, async ({ body, db, ip }) => {
  limiter ??= new WindowLimiter({ windowMs: 60_000, max: getEnv().VISIT_RATE_PER_MINUTE });
  const wait = limiter.take(ip);
  if (wait > 0) throw tooManyRequests('visitsRateLimited', wait, { seconds: wait });
  if (!isVisitName(body.name)) throw new ApiError(API_CODES.INVALID_INPUT, 'unknownVisitName', { name: body.name });
  return incrementVisit(db, body.name, body.label);
});
