// GET, POST /api/stac/v1/search — STAC item search (bbox, intersects, datetime, ids, collections, sortby, CQL2 filter, keyset paging)
import { stacPreflight, stacRoute } from '@/lib/server/stac/handler';
import { searchGet, searchPost } from '@/lib/server/stac/service';

export const dynamic = 'force-dynamic';
export const GET = stacRoute(searchGet);
export const POST = stacRoute(searchPost);
export const OPTIONS = stacPreflight;
