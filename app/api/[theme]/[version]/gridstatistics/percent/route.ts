// GET /api/{theme}/{version}/gridstatistics/percent — grid cells of a theme with the grid module (lib/server/themes/routes.ts)
import { gridRoute } from '@/lib/server/themes/routes';

export const GET = gridRoute;
