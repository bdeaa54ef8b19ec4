// GET /api/{theme}/{version}/legend/length — every declared theme's API but land cover's (lib/server/themes/routes.ts)
import { lengthLegendRoute } from '@/lib/server/themes/routes';

export const GET = lengthLegendRoute;
