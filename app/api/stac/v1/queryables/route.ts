// GET /api/stac/v1/queryables — JSON Schema of the properties a CQL2 filter may use
import { stacRoute } from '@/lib/server/stac/handler';
import { queryablesDoc } from '@/lib/server/stac/service';

export const dynamic = 'force-dynamic';
export const GET = stacRoute(queryablesDoc);
