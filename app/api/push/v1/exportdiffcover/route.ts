// GET /api/push/v1/exportdiffcover — the part of the push user's regions a batch leaves uncovered, as a zipped shapefile
// (its push user, an administrator, or a manifest link)
import { withApi } from '@/lib/server/api/with-api';
import { batchExport, exportableBatch } from '@/lib/server/push';
import { exportDiffCoverContract } from '@/lib/shared/contracts/push-exports';

export const GET = withApi(exportDiffCoverContract, async ({ db, session, query, locale }) =>
  batchExport(db, await exportableBatch(db, session, 'diffcover', query), 'diffcover', query.lang ?? locale),
);
