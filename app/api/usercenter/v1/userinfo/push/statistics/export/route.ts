// GET /api/usercenter/v1/userinfo/push/statistics/export — the push statistics as CSV (the same figures as the JSON answer)
import { withApi } from '@/lib/server/api/with-api';
import { pushStatisticsExport } from '@/lib/server/push';
import { pushStatisticsExportContract } from '@/lib/shared/contracts/push-statistics';

export const GET = withApi(pushStatisticsExportContract, async ({ db, session, query, locale }) =>
  pushStatisticsExport(db, session!, query, locale),
);
