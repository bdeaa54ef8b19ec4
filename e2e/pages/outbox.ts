import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { encryptPassword } from '../../lib/client/encrypt-password';
import { CAPTCHA_ANSWER } from '../../playwright.config';

let adminToken: string | null = null;

/**
 * Reads the newest code sent to `recipient`, through the administrators' outbox API, from a request
 * context of its own (the page's context carries the visitor's cookies).
 */
export async function codeFromOutbox(_pageRequest: APIRequestContext, recipient: string): Promise<string> {
  const request = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  if (!adminToken) {
    const { data: key } = await (await request.get('/api/usercenter/v1/userinfo/login/publickey')).json();
    const token = 'OUTBOX' + 'x'.repeat(26);
    await request.get(`/api/usercenter/v1/userinfo/login/captcha?token=${token}`);
    const login = await request.post('/api/usercenter/v1/userinfo/login', {
      data: { username: 'demo-admin', password: await encryptPassword(key.publicKey, 'Demo@2026'), captcha: CAPTCHA_ANSWER, token },
      headers: { 'x-forwarded-for': '10.99.0.1' },
    });
    adminToken = (await login.json()).data;
  }
  const res = await request.get(`/api/usercenter/v1/outbox?recipient=${encodeURIComponent(recipient)}&limit=1`, { headers: { token: adminToken ?? '' } });
  const body = await res.json();
  await request.dispose();
  expect(body.code).toBe(0);
  const code = /\b(\d{6})\b/.exec(body.data[0]?.body ?? '')?.[1];
  expect(code).toBeTruthy();
  return code ?? '';
}
