// GET /api/{theme}/{version}/structure/trend — a theme's crop structure (lib/server/planting/routes.ts)
import { structureTrendRoute } from '@/lib/server/planting/routes';

export const GET = structureTrendRoute;
