// GET /api/stac/v1/collections/{collectionId}/items/{itemId} — one STAC item
import { stacRoute } from '@/lib/server/stac/handler';
import { item } from '@/lib/server/stac/service';

export const dynamic = 'force-dynamic';
export const GET = stacRoute(item);
