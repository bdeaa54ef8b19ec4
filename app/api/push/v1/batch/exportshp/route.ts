// GET /api/push/v1/batch/exportshp — a batch's footprints as a zipped shapefile (its push user, an administrator, or a manifest link)
import { withApi } from '@/lib/server/api/with-api';
import { batchExport, exportableBatch } from '@/lib/server/push';
import { exportShpContract } from '@/lib/shared/contracts/push-exports';

export const GET = withApi(exportShpContract, async ({ db, session, query, locale }) =>
  batchExport(db, await exportableBatch(db, session, 'shp', query), 'shp', query.lang ?? locale),
);
