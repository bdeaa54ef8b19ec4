// GET /api/{theme}/{version}/meta/id/[id] — every declared theme's API but land cover's (lib/server/themes/routes.ts)
import { getRoute } from '@/lib/server/themes/routes';

export const GET = getRoute;
