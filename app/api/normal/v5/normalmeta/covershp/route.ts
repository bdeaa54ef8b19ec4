// POST /api/normal/v5/normalmeta/covershp?format=shp|geojson&lang=zh|en — the footprints as a zipped shapefile or GeoJSON (public)
import { exportRoute, footprintExport } from '@/lib/server/catalogue';
import { footprintExportQuerySchema } from '@/lib/shared/contracts/exports';

export const dynamic = 'force-dynamic';

export const POST = exportRoute(footprintExportQuerySchema, footprintExport);
