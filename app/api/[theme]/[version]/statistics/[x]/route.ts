// GET /api/{theme}/{version}/statistics/[x] — every declared theme's API but land cover's (lib/server/themes/routes.ts)
import { statisticsRoute } from '@/lib/server/themes/routes';

export const GET = statisticsRoute;
