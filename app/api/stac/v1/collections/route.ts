// GET /api/stac/v1/collections — one collection per satellite and sensor, extents from the data
import { stacRoute } from '@/lib/server/stac/handler';
import { collections } from '@/lib/server/stac/service';

export const dynamic = 'force-dynamic';
export const GET = stacRoute(collections);
