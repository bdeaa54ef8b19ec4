import { isStrongPassword } from './password-rule';
import { randomCaptchaToken, validateLoginForm } from './login-form';

describe('login form validation (spec §5)', () => {
  it('checks username, then password, then captcha', () => {
    expect(validateLoginForm({ username: '', password: '', captcha: '' })).toBe('enterUsername');
    expect(validateLoginForm({ username: '  ', password: 'x', captcha: 'x' })).toBe('enterUsername');
    expect(validateLoginForm({ username: 'a', password: '', captcha: '' })).toBe('enterPassword');
    expect(validateLoginForm({ username: 'a', password: 'x', captcha: ' ' })).toBe('enterCaptcha');
    expect(validateLoginForm({ username: 'a', password: 'x', captcha: 'AB12' })).toBeNull();
  });

  it('makes 32-character alphanumeric captcha tokens, different each time', () => {
    const a = randomCaptchaToken();
    expect(a).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(randomCaptchaToken()).not.toBe(a);
  });
});


describe('password rule', () => {
  it('needs 8–64 characters and three character classes', () => {
    expect(isStrongPassword('Demo@2026')).toBe(true);
    expect(isStrongPassword('abcdefgh1')).toBe(false);
    expect(isStrongPassword('Ab1!')).toBe(false);
    expect(isStrongPassword('ABCDEFG12')).toBe(false);
    expect(isStrongPassword('abcDEF123')).toBe(true);
    expect(isStrongPassword(`Aa1${'x'.repeat(62)}`)).toBe(false);
  });
});
