// GET /api/{theme}/{version}/structure/[x] — a theme's crop structure (lib/server/themes/plantingstructure/routes.ts)
import { structureRoute } from '@/lib/server/themes/plantingstructure/routes';

export const GET = structureRoute;
