// GET /api/push/v1/permission-v2/userid/{id} — a push user and their grants (administrators, or the user themself)
// PUT — make a user a push user with exactly these grants; DELETE — stop pushing to them (administrators)
import { withApi } from '@/lib/server/api/with-api';
import { deletePushUser, putPushUser, readPushUser } from '@/lib/server/push';
import { deletePushUserContract, getPushUserContract, putPushUserContract } from '@/lib/shared/contracts/push';

export const GET = withApi(getPushUserContract, async ({ db, session, params, locale }) => readPushUser(db, session!, params.id, locale));

export const PUT = withApi(putPushUserContract, async ({ db, session, params, body, locale }) =>
  putPushUser(db, params.id, body, { userId: session!.userId }, locale),
);

export const DELETE = withApi(deletePushUserContract, async ({ db, params }) => deletePushUser(db, params.id));
