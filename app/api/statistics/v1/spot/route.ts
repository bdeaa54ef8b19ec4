// GET /api/statistics/v1/spot — every theme's spots and the verification cases by region and period (issue 36.4)
import { withApi } from '@/lib/server/api/with-api';
import { spotStatisticsOverview } from '@/lib/server/spot-statistics';
import { actorOf } from '@/lib/server/verification/cases';
import { spotStatisticsContract } from '@/lib/shared/contracts/spot-statistics';

export const GET = withApi(spotStatisticsContract, async ({ db, session, query, locale }) =>
  spotStatisticsOverview(db, session ? await actorOf(db, session) : null, query, locale),
);
