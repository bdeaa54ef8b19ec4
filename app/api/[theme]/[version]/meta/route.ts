// GET /api/{theme}/{version}/meta — every declared theme's API but land cover's (lib/server/themes/routes.ts)
import { listRoute } from '@/lib/server/themes/routes';

export const GET = listRoute;
