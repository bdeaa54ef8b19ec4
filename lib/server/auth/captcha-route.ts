import 'server-only';
import { API_CODES } from '../../shared/contracts/api';
import { captchaQuerySchema } from '../../shared/contracts/users';
import { getDb } from '../db';
import { apiTranslator, localeOfRequest } from '../i18n';
import { createCaptcha } from './captcha';

/** GET …?token=<32 letters or digits> → SVG markup (spec §7); a malformed token gets a JSON error. */
export async function captchaImage(request: Request): Promise<Response> {
  const t = apiTranslator(localeOfRequest(request));
  const parsed = captchaQuerySchema.safeParse({ token: new URL(request.url).searchParams.get('token') ?? '' });
  if (!parsed.success) {
    return Response.json({ code: API_CODES.INVALID_INPUT, message: t('captchaTokenInvalid'), data: null }, { status: 400 });
  }
  const svg = await createCaptcha(await getDb(), parsed.data.token, t('captchaImageLabel'));
  return new Response(svg, { headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'no-store' } });
}
