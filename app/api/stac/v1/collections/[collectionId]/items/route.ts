// GET /api/stac/v1/collections/{collectionId}/items — the collection's items (OGC API Features), filtered, sorted, paged
import { stacRoute } from '@/lib/server/stac/handler';
import { collectionItems } from '@/lib/server/stac/service';

export const dynamic = 'force-dynamic';
export const GET = stacRoute(collectionItems);
