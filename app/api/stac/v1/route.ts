// GET /api/stac/v1 — STAC landing page (catalog, conformance, links)
import { stacRoute } from '@/lib/server/stac/handler';
import { landing } from '@/lib/server/stac/service';

export const dynamic = 'force-dynamic';
export const GET = stacRoute(landing);
