// GET /api/order/v3/request/id/{id}/attachment — the application's PDF (its owner or an administrator; HEAD and one byte range too)
import { withApi } from '@/lib/server/api/with-api';
import { requestAttachment } from '@/lib/server/requests';
import { requestAttachmentContract } from '@/lib/shared/contracts/requests';

export const GET = withApi(requestAttachmentContract, ({ db, request, params, session, locale }) =>
  requestAttachment(db, session!, request, params.id, locale),
);
export const HEAD = GET;
