// GET /api/process-spot-bjhs/v1/process/export/{jobId}/download?expires=&sig= — a finished export's file, for the user who asked
// (HEAD: the headers alone; Range: one byte range)
import { withApi } from '@/lib/server/api/with-api';
import { getFileStore } from '@/lib/server/files';
import { downloadExport } from '@/lib/server/verification/exports';
import { exportDownloadContract } from '@/lib/shared/contracts/verification';

export const GET = withApi(exportDownloadContract, ({ db, request, session, params, query }) =>
  downloadExport(db, getFileStore(), request, session!.userId, String(params.jobId), query),
);
export const HEAD = GET;
