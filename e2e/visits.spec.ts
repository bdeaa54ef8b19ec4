import { expect, test } from '@playwright/test';

const TOTALS = '/api/statistics-transaction/v1/statistics-transaction/totals';
const INCR = '/api/statistics-transaction/v1/statistics-transaction/incr';

test('the visit counter counts app start and whitelisted routes, and home shows it', async ({ page, request }) => {
  const before = (await (await request.get(TOTALS)).json()).data;
  const homeBefore = before.byName.find((n: { name: string }) => n.name === 'Home')?.total ?? 0;

  const counted = page.waitForResponse((r) => r.url().endsWith(INCR) && r.request().postDataJSON()?.name === 'ALL');
  const home = page.waitForResponse((r) => r.url().endsWith(INCR) && r.request().postDataJSON()?.name === 'Home');
  await page.goto('/english/home');
  expect((await (await counted).json()).code).toBe(0);
  expect((await (await home).json()).code).toBe(0);

  const after = (await (await request.get(TOTALS)).json()).data;
  expect(after.total).toBe(before.total + 1);
  expect(after.byName.find((n: { name: string }) => n.name === 'Home')?.total).toBe(homeBefore + 1);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight)); // the figures load near the viewport
  await expect(page.getByTestId('visits-total')).toHaveText(after.total.toLocaleString('en'));

  const refused = await request.post(INCR, { data: { name: 'NotARoute' }, headers: { 'accept-language': 'en' } });
  expect(await refused.json()).toEqual({ code: 400, message: 'Unknown visit name: NotARoute', data: null });
});
