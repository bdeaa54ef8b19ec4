// GET /map/gwc/service/wmts — WMTS tiles of the built-in map services (GeoWebCache layout)
import { ogcService } from '@/lib/server/composition/map-layers';

export const dynamic = 'force-dynamic';
export const GET = ogcService('WMTS');
