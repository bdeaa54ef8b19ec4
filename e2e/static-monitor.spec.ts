import { expect, test } from '@playwright/test';

// Issue 16 (load): the public land-cover page is the same for every visitor, so it is served from the
// cache (ISR and the server's micro-cache) instead of being rendered per request (`no-store`, ~60/s).
for (const prefix of ['/chinese', '/english']) {
  test(`${prefix}: the land-cover page is static for visitors and answered from the cache`, async ({ request }) => {
    const first = await request.get(`${prefix}/monitor/landcover`);
    expect(first.status()).toBe(200);
    expect(first.headers()['cache-control'] ?? '').not.toContain('no-store');
    const again = await request.get(`${prefix}/monitor/landcover`);
    expect(again.status()).toBe(200);
    // Next marks answers from its static/ISR cache; server.mjs shares only those.
    expect(again.headers()['x-nextjs-cache'] ?? again.headers()['x-nextjs-prerender']).toBeTruthy();
    expect(await again.text()).toContain('data-testid="landcover-demo-notice"');
  });
}
