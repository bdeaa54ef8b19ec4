import { expect, test } from '@playwright/test';

/** Hostile requests through the real server (server.mjs → Next): a clear 4xx, never a 500. */
test.describe('bad input and abuse', () => {
  for (const method of ['TRACE', 'PROPFIND', 'DELETE']) {
    test(`${method} on a page answers 405 with Allow`, async ({ request }) => {
      for (const path of ['/chinese/home', '/english/platform/newsList/media']) {
        const res = await request.fetch(path, { method, maxRedirects: 0 });
        expect(res.status()).toBe(405);
        expect(res.headers()['allow']).toBe('GET, HEAD');
      }
    });
  }

  test('TRACE on the API answers 405, and the API keeps its own methods', async ({ request }) => {
    expect((await request.fetch('/api/news/v3/news-v3', { method: 'TRACE' })).status()).toBe(405);
    expect((await request.get('/api/news/v3/news-v3')).status()).toBe(200);
  });

  test('a broken %-escape in a dynamic path segment answers 400, in both languages and on the API', async ({ request }) => {
    for (const path of [
      '/chinese/platform/newsList/media/detail/%E0%A4%A',
      '/english/platform/newsList/media/page/%E0%A4%A',
      '/api/news/v3/news-v3/id/%E0%A4%A',
    ]) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(400);
      expect(await res.text()).toContain('not valid %-encoding');
    }
  });

  test('a token cookie with broken %-encoding answers 400 on a public API and on GetCapabilities, and drops the cookie', async ({
    request,
  }) => {
    const headers = { cookie: 'token=%E0%A4%A', 'x-locale': 'zh' };
    const api = await request.get('/api/news/v3/news-v3', { headers });
    expect(api.status()).toBe(400);
    expect(((await api.json()) as { message: string }).message).toBe('会话 Cookie 格式错误，已清除，请重新登录');
    expect(api.headers()['set-cookie']).toMatch(/token=;/);
    const caps = await request.get('/map/cloudPlatform/wms?SERVICE=WMS&REQUEST=GetCapabilities', { headers });
    expect(caps.status()).toBe(400);
    // Pages read the cookie through Next, which skips what it cannot decode.
    expect((await request.get('/chinese/home', { headers })).status()).toBe(200);
  });

  test('a signed download carries its own sandbox CSP, not the site-wide one', async ({ page, request }) => {
    await page.goto('/chinese/applicationExtend/software/python-api-client');
    const src = await page.locator('figure img').first().getAttribute('src');
    expect(src).toMatch(/\/api\/files\/v1\/fileinfo\/downloads\/\d+\?expires=\d+&sig=/);
    const res = await request.get(src!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-security-policy']).toBe("default-src 'none'; sandbox");
    // Every other file answer too, whatever it answers (here: 401 to an anonymous caller) (issue 32.6).
    for (const path of ['/api/order/v3/request/id/1/attachment', '/api/order/v3/orderitem/download/1', '/api/order/v3/order/own/export']) {
      const other = await request.get(path);
      expect(other.headers()['content-security-policy'], path).toBe("default-src 'none'; sandbox");
      expect(other.headers()['x-content-type-options'], path).toBe('nosniff');
    }
    // Pages keep the site's policy.
    const home = await request.get('/chinese/home');
    expect(home.headers()['content-security-policy']).toContain("default-src 'self'");
  });
});
