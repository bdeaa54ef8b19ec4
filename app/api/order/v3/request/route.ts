// POST /api/order/v3/request — apply for scenes or for an area and period (JSON, or multipart `data` + PDF `file`)
import { withApi } from '@/lib/server/api/with-api';
import { createRequest, readCreateRequest } from '@/lib/server/requests';
import { createRequestContract } from '@/lib/shared/contracts/requests';

export const POST = withApi(createRequestContract, async ({ db, request, session, locale }) => {
  const { input, attachment } = await readCreateRequest(request, locale);
  return createRequest(db, session!.userId, input, attachment, locale);
});
