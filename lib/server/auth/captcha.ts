import 'server-only';
import { createHash } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Queryable } from '../db';
import { getEnv } from '../env';
import { log } from '../log';

export const CAPTCHA_TTL_MINUTES = 5;
/**
 * Most live captchas kept at once, whatever the number of addresses asking: beyond it the oldest
 * go (their logins then fail the captcha and ask for a new one).
 */
export const MAX_LIVE_CAPTCHAS = 20_000;
export const CAPTCHA_TOKEN = /^[A-Za-z0-9]{32}$/;

// svg-captcha's module is also callable (draw a given text) but its types omit that.
const drawText = svgCaptcha as unknown as (text: string, options: svgCaptcha.ConfigObject) => string;

const hashAnswer = (token: string, answer: string) => createHash('sha256').update(`${token}:${answer.trim().toLowerCase()}`).digest('hex');

let warned = false;
function fixedAnswer(): string | undefined {
  const fixed = getEnv().CAPTCHA_FIXED_ANSWER;
  if (fixed && !warned) {
    warned = true;
    log.warn('CAPTCHA_FIXED_ANSWER is set: every captcha answer is predictable. Never set it outside automated tests.');
  }
  return fixed;
}

/** Warns at start when captchas are predictable. */
export function warnIfCaptchaFixed(): void {
  if (fixedAnswer()) console.warn('\n!!! CAPTCHA_FIXED_ANSWER is set: captchas are predictable. Tests only — never in production. !!!\n');
}

/**
 * Draws a new captcha for `token` (replacing the previous one) and stores a hash of its answer for
 * five minutes. Glyphs are drawn as distorted paths with noise lines, so the answer is not in the markup.
 */
export async function createCaptcha(db: Queryable, token: string, label: string): Promise<string> {
  const fixed = fixedAnswer();
  const captcha = fixed
    ? { text: fixed, data: drawText(fixed, { noise: 3, color: true, width: 120, height: 40, fontSize: 44 }) }
    : svgCaptcha.create({ size: 4, noise: 3, color: true, ignoreChars: '0oO1ilIL', width: 120, height: 40, fontSize: 44 });
  await db.query('DELETE FROM captchas WHERE expires_at < now()');
  await db.query(
    `INSERT INTO captchas (token, answer_hash, expires_at) VALUES ($1, $2, now() + make_interval(mins => $3))
     ON CONFLICT (token) DO UPDATE SET answer_hash = EXCLUDED.answer_hash, expires_at = EXCLUDED.expires_at`,
    [token, hashAnswer(token, captcha.text), CAPTCHA_TTL_MINUTES],
  );
  await db.query('DELETE FROM captchas WHERE token IN (SELECT token FROM captchas ORDER BY expires_at DESC OFFSET $1)', [
    MAX_LIVE_CAPTCHAS,
  ]);
  const escaped = label.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c] ?? c);
  return captcha.data.replace('<svg ', `<svg role="img" aria-label="${escaped}" `);
}

/** True when `answer` matches the live captcha of `token`. The captcha is consumed either way. */
export async function consumeCaptcha(db: Queryable, token: string, answer: string): Promise<boolean> {
  const rows = await db.query<{ answer_hash: string; live: boolean }>(
    'DELETE FROM captchas WHERE token = $1 RETURNING answer_hash, expires_at > now() AS live',
    [token],
  );
  const row = rows[0];
  return Boolean(row && row.live && row.answer_hash === hashAnswer(token, answer));
}
