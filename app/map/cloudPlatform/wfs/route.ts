// GET /map/cloudPlatform/wfs — WFS of the built-in map services (GeoServer layout)
import { ogcService } from '@/lib/server/composition/map-layers';

export const dynamic = 'force-dynamic';
export const GET = ogcService('WFS');
