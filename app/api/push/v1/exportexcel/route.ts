// GET /api/push/v1/exportexcel — a batch's scenes as an .xlsx workbook (its push user, an administrator, or a manifest link)
import { withApi } from '@/lib/server/api/with-api';
import { batchExport, exportableBatch } from '@/lib/server/push';
import { exportExcelContract } from '@/lib/shared/contracts/push-exports';

export const GET = withApi(exportExcelContract, async ({ db, session, query, locale }) =>
  batchExport(db, await exportableBatch(db, session, 'xlsx', query), 'xlsx', query.lang ?? locale),
);
