// POST /api/normal/v5/normalmeta/offlinebyids — which of the given scene ids are archived offline (public)
import { withApi } from '@/lib/server/api/with-api';
import { offlineByIds } from '@/lib/server/catalogue';
import { offlineByIdsContract } from '@/lib/shared/contracts/scene-lists';

export const POST = withApi(offlineByIdsContract, async ({ db, body }) => ({ offline: await offlineByIds(db, body.ids) }));
