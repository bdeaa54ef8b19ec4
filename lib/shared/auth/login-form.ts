/** Spec §5: the login form checks username, then password, then captcha, and names the first gap. */
export type LoginFormError = 'enterUsername' | 'enterPassword' | 'enterCaptcha';

export function validateLoginForm(form: { username: string; password: string; captcha: string }): LoginFormError | null {
  if (form.username.trim() === '') return 'enterUsername';
  if (form.password === '') return 'enterPassword';
  if (form.captcha.trim() === '') return 'enterCaptcha';
  return null;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Spec §5/§9: a random 32-character alphanumeric token per captcha image. */
export function randomCaptchaToken(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  // 62 letters: the modulo bias (256 % 62) is irrelevant for a one-time identifier.
  return Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
}
