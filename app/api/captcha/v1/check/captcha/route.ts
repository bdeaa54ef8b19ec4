// POST /api/captcha/v1/check/captcha — check a verification code without using it up
import { withApi } from '@/lib/server/api/with-api';
import { normalizeTarget, verifyCode } from '@/lib/server/auth/verification';
import { checkCodeContract } from '@/lib/shared/contracts/users';

export const POST = withApi(checkCodeContract, async ({ db, body }) => {
  await verifyCode(db, { channel: body.channel, target: normalizeTarget(body.channel, body.target), purpose: body.purpose, code: body.code, consume: false });
  return { valid: true as const };
});
