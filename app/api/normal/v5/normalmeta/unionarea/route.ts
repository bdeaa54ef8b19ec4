// POST /api/normal/v5/normalmeta/unionarea — the union of the scenes' footprints and its km² (public)
import { withApi } from '@/lib/server/api/with-api';
import { unionArea } from '@/lib/server/catalogue';
import { unionAreaContract } from '@/lib/shared/contracts/coverage';

export const POST = withApi(unionAreaContract, ({ db, body }) => unionArea(db, body));
