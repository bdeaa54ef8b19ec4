// GET /api/main/v1/figures — platform figures for home
import { withApi } from '@/lib/server/api/with-api';
import { getPlatformFigures } from '@/lib/server/figures';
import { platformFiguresContract } from '@/lib/shared/contracts/figures';

export const GET = withApi(platformFiguresContract, ({ db }) => getPlatformFigures(db));
