// GET /api/push/v1/permission-v2/image/userid/{id} — a push user's image grants (administrators, or the user themself)
import { withApi } from '@/lib/server/api/with-api';
import { readPushUser } from '@/lib/server/push';
import { getImageGrantsContract } from '@/lib/shared/contracts/push';

export const GET = withApi(
  getImageGrantsContract,
  async ({ db, session, params, locale }) => (await readPushUser(db, session!, params.id, locale)).imageGrants,
);
