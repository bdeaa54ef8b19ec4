// GET /api/process-spot-bjhs/v1/process/field-route/download?format=gpx|kml&county=&batchId=&lon=&lat= — the field route as a file for a navigation app
import { withApi } from '@/lib/server/api/with-api';
import { actorOf } from '@/lib/server/verification/cases';
import { fieldRouteFile } from '@/lib/server/verification/field-route';
import { fieldRouteFileContract } from '@/lib/shared/contracts/verification';

export const GET = withApi(fieldRouteFileContract, async ({ db, session, query, locale }) =>
  fieldRouteFile(db, await actorOf(db, session!), query, locale),
);
