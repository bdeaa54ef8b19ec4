// GET /api/usercenter/v1/userinfo/push/statistics — what has been pushed to me (administrators: to everyone or one user), by period, region, image type and user
import { withApi } from '@/lib/server/api/with-api';
import { pushStatistics } from '@/lib/server/push';
import { pushStatisticsContract } from '@/lib/shared/contracts/push';

export const GET = withApi(pushStatisticsContract, async ({ db, session, query, locale }) => pushStatistics(db, session!, query, locale));
