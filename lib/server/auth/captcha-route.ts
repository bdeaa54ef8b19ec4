import 'server-only';
import { API_CODES } from '../../shared/contracts/api';
import { captchaQuerySchema } from '../../shared/contracts/users';
import { sharedRateLimit } from '../api/shared-limits';
import { clientIp } from '../client-ip';
import { getDb } from '../db';
import { getEnv } from '../env';
import { apiTranslator, localeOfRequest } from '../i18n';
import { log } from '../log';
import { createCaptcha } from './captcha';

/**
 * CAPTCHA_RATE_PER_MINUTE images per address and minute: a person needs a few, an office behind one
 * address more; each costs a database write. Counted for all processes together (docs/adr/0035): on
 * PostgreSQL one upsert, and a refused request writes nothing.
 */

/** GET …?token=<32 letters or digits> → SVG markup (spec §7); a malformed token gets a JSON error. */
export async function captchaImage(request: Request): Promise<Response> {
  const t = apiTranslator(localeOfRequest(request));
  const parsed = captchaQuerySchema.safeParse({ token: new URL(request.url).searchParams.get('token') ?? '' });
  if (!parsed.success) {
    return Response.json({ code: API_CODES.INVALID_INPUT, message: t('captchaTokenInvalid'), data: null }, { status: 400 });
  }
  const ip = clientIp(request);
  const db = await getDb();
  const retryAfter = await sharedRateLimit(db, 'captcha', { windowMs: 60_000, max: getEnv().CAPTCHA_RATE_PER_MINUTE }).take(ip);
  if (retryAfter > 0) {
    log.warn('captcha rate limited', { ip, retryAfter });
    return Response.json(
      { code: API_CODES.TOO_MANY_REQUESTS, message: t('captchaTooMany', { seconds: retryAfter }), data: null },
      { status: 429, headers: { 'retry-after': String(retryAfter), 'cache-control': 'no-store' } },
    );
  }
  const svg = await createCaptcha(db, parsed.data.token, t('captchaImageLabel'));
  return new Response(svg, { headers: { 'content-type': 'image/svg+xml; charset=utf-8', 'cache-control': 'no-store' } });
}
