// GET /api/stac/v1/api — OpenAPI 3.0 description of the STAC API (service-desc)
import { stacRoute } from '@/lib/server/stac/handler';
import { openApi } from '@/lib/server/stac/service';

export const dynamic = 'force-dynamic';
export const GET = stacRoute(openApi);
