// GET /api/stac/v1/collections/{collectionId} — one collection
import { stacRoute } from '@/lib/server/stac/handler';
import { collection } from '@/lib/server/stac/service';

export const dynamic = 'force-dynamic';
export const GET = stacRoute(collection);
