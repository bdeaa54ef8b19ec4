// POST /api/normal/v5/normalmeta/notcovershp[?format=geojson] — the uncovered part of the search area as a zipped shapefile or GeoJSON (public)
import { withApi } from '@/lib/server/api/with-api';
import { uncoveredFile } from '@/lib/server/catalogue';
import { notCoverShpContract } from '@/lib/shared/contracts/coverage';

export const POST = withApi(notCoverShpContract, ({ db, body, query }) => uncoveredFile(db, body, query.format));
