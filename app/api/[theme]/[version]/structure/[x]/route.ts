// GET /api/{theme}/{version}/structure/[x] — a theme's crop structure (lib/server/planting/routes.ts)
import { structureRoute } from '@/lib/server/planting/routes';

export const GET = structureRoute;
