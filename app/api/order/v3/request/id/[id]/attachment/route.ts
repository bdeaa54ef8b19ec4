// GET /api/order/v3/request/id/{id}/attachment — the application's PDF (its owner or an administrator)
import { withApi } from '@/lib/server/api/with-api';
import { requestAttachment } from '@/lib/server/requests';
import { requestAttachmentContract } from '@/lib/shared/contracts/requests';

export const GET = withApi(requestAttachmentContract, ({ db, params, session, locale }) =>
  requestAttachment(db, session!, params.id, locale),
);
