// GET /api/{theme}/{version}/statistics/lastest — every declared theme's API but land cover's (lib/server/themes/routes.ts)
import { latestRoute } from '@/lib/server/themes/routes';

export const GET = latestRoute;
