// GET /api/process-spot-bjhs/v1/process/statistics — verification figures by region over my range (issue 33.6)
import { withApi } from '@/lib/server/api/with-api';
import { actorOf } from '@/lib/server/verification/cases';
import { regionFigures } from '@/lib/server/verification/queries';
import { regionFiguresContract } from '@/lib/shared/contracts/verification';

export const GET = withApi(regionFiguresContract, async ({ db, session, query, locale }) =>
  regionFigures(db, await actorOf(db, session!), query, locale),
);
