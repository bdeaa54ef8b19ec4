// GET /api/{theme}/{version}/structure/sequence — a theme's crop structure (lib/server/themes/plantingstructure/routes.ts)
import { structureSequenceRoute } from '@/lib/server/themes/plantingstructure/routes';

export const GET = structureSequenceRoute;
