// GET /api/stac/v1/conformance — conformance classes
import { stacRoute } from '@/lib/server/stac/handler';
import { conformance } from '@/lib/server/stac/service';

export const dynamic = 'force-dynamic';
export const GET = stacRoute(conformance);
