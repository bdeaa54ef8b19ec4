// GET /api/{theme}/{version}/structure/lastest — a theme's crop structure (lib/server/planting/routes.ts)
import { structureLatestRoute } from '@/lib/server/planting/routes';

export const GET = structureLatestRoute;
