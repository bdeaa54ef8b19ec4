// GET /api/{theme}/{version}/structure/lastest — a theme's crop structure (lib/server/themes/plantingstructure/routes.ts)
import { structureLatestRoute } from '@/lib/server/themes/plantingstructure/routes';

export const GET = structureLatestRoute;
