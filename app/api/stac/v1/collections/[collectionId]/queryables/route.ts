// GET /api/stac/v1/collections/{collectionId}/queryables — the queryables of one collection
import { stacRoute } from '@/lib/server/stac/handler';
import { collectionQueryables } from '@/lib/server/stac/service';

export const dynamic = 'force-dynamic';
export const GET = stacRoute(collectionQueryables);
