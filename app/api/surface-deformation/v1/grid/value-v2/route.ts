// GET /api/surface-deformation/v1/grid/value-v2?lon=&lat= — the rate cell at a point with its series, within the caller's area ranges (MOD_076 + range)
import { withApi } from '@/lib/server/api/with-api';
import { cellAt } from '@/lib/server/themes/surface-deform/cells';
import { rangePrefixes } from '@/lib/server/theme-features';
import { cellValueContract } from '@/lib/shared/contracts/surface-deform';

export const GET = withApi(cellValueContract, ({ db, query, session, locale }) => cellAt(db, query.lon, query.lat, rangePrefixes(session!), locale));
