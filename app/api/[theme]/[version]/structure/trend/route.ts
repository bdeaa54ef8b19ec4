// GET /api/{theme}/{version}/structure/trend — a theme's crop structure (lib/server/themes/plantingstructure/routes.ts)
import { structureTrendRoute } from '@/lib/server/themes/plantingstructure/routes';

export const GET = structureTrendRoute;
