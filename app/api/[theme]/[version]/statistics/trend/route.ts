// GET /api/{theme}/{version}/statistics/trend — every declared theme's API but land cover's (lib/server/themes/routes.ts)
import { trendRoute } from '@/lib/server/themes/routes';

export const GET = trendRoute;
