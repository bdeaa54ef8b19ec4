// GET /api/usercenter/v1/pushuser/image/typelist — the satellites, sensors and levels an image grant may name
import { withApi } from '@/lib/server/api/with-api';
import { imageTypeList } from '@/lib/server/push';
import { imageTypeListContract } from '@/lib/shared/contracts/push';

export const GET = withApi(imageTypeListContract, async ({ locale }) => imageTypeList(locale));
