// POST /api/statistics-transaction/v1/statistics-transaction/incr — count one visit
import { ApiError } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { incrementVisit } from '@/lib/server/visits';
import { API_CODES } from '@/lib/shared/contracts/api';
import { incrVisitContract } from '@/lib/shared/contracts/visits';
import { isVisitName } from '@/lib/shared/menu';

export const POST = withApi(incrVisitContract, async ({ body, db }) => {
  if (!isVisitName(body.name)) throw new ApiError(API_CODES.INVALID_INPUT, 'unknownVisitName', { name: body.name });
  return incrementVisit(db, body.name, body.label);
});
