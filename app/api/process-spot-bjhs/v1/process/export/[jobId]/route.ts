// GET /api/process-spot-bjhs/v1/process/export/{jobId} — where one of my exports stands, with its download link when done (issue 33.6)
import { withApi } from '@/lib/server/api/with-api';
import { exportState } from '@/lib/server/verification/exports';
import { exportJobContract } from '@/lib/shared/contracts/verification';

export const GET = withApi(exportJobContract, ({ db, session, params, locale }) =>
  exportState(db, session!.userId, String(params.jobId), locale),
);
