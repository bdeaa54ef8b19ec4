// POST /api/captcha/v1/send/{email|telephone}/{target} — send a verification code (image captcha first)
import { ApiError, unauthorized } from '@/lib/server/api/errors';
import { withApi } from '@/lib/server/api/with-api';
import { consumeCaptcha } from '@/lib/server/auth/captcha';
import { normalizeTarget, sendCode } from '@/lib/server/auth/verification';
import { LOGIN_CODES, sendCodeContract } from '@/lib/shared/contracts/users';

export const POST = withApi(sendCodeContract, async ({ db, t, ip, params, body, session }) => {
  if (body.purpose === 'change' && !session) throw unauthorized();
  if (!(await consumeCaptcha(db, body.token, body.captcha))) throw new ApiError(LOGIN_CODES.CAPTCHA, 'captchaWrong');
  return sendCode(db, t, { channel: params.channel, target: normalizeTarget(params.channel, params.target), purpose: body.purpose, ip });
});
