// GET /api/{theme}/{version}/structure/sequence — a theme's crop structure (lib/server/planting/routes.ts)
import { structureSequenceRoute } from '@/lib/server/planting/routes';

export const GET = structureSequenceRoute;
