// GET /api/usercenter/v1/outbox — administrators read the outbox of a deployment without SMTP/SMS
import { forbidden } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { isAdministrator } from '@/lib/server/auth/roles';
import { readOutbox } from '@/lib/server/messaging';
import { getOutboxContract } from '@/lib/shared/contracts/users';

export const GET = withApi(getOutboxContract, async ({ db, session, query }) => {
  if (!isAdministrator(session)) throw forbidden();
  return readOutbox(db, query.recipient, query.limit);
});
