// GET /map/satellite-image/wmts — the satellite-image WMTS (spec §7): GetCapabilities and GetTile of scenes' imagery
import { imageryWmts } from '@/lib/server/imagery';

export const dynamic = 'force-dynamic';
export const GET = (request: Request) => imageryWmts(request);
