import QRCode from 'qrcode';
import { GET } from '@/app/api/client-package/v2/lastest/[package]/qr/route';
import { resetEnvCache } from '@/lib/server/env';

const get = (name: string, locale = 'en') =>
  GET(new Request(`http://localhost:3000/api/client-package/v2/lastest/${name}/qr`, { headers: { 'x-locale': locale } }), {
    params: Promise.resolve({ package: name }),
  });

describe('GET /api/client-package/v2/lastest/APP_{product}/qr (spec §7; the footer used to draw its own)', () => {
  const saved = { SITE_URL: process.env.SITE_URL, APP_DOWNLOAD_URL: process.env.APP_DOWNLOAD_URL };
  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvCache();
  });

  it('answers the QR code of the app’s download address as a cacheable SVG', async () => {
    process.env.SITE_URL = 'https://portal.example.cn';
    delete process.env.APP_DOWNLOAD_URL;
    resetEnvCache();
    const answer = await get('APP_PORTAL');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=3600');
    const svg = await answer.text();
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 (\d+) \1"/);
    // The same modules as the code of the software page's address, and not of another address.
    const modules = (text: string) => /<path[^>]*stroke="#0b1f3f"[^>]*d="([^"]+)"/.exec(text)?.[1];
    const of = async (url: string) => modules(await QRCode.toString(url, { type: 'svg', margin: 0, errorCorrectionLevel: 'M', color: { dark: '#0b1f3f', light: '#ffffff' } }));
    expect(modules(svg)).toBe(await of('https://portal.example.cn/chinese/applicationExtend/software'));
    expect(modules(svg)).not.toBe(await of('https://portal.example.cn/english/applicationExtend/software'));

    process.env.APP_DOWNLOAD_URL = 'https://apps.example.cn/rs-cloud.apk';
    resetEnvCache();
    expect(modules(await (await get('APP_PORTAL')).text())).toBe(await of('https://apps.example.cn/rs-cloud.apk'));
  });

  it('refuses unknown products and malformed names in the caller’s language', async () => {
    const unknown = await get('APP_GAME');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: 404, message: 'No app package is called APP_GAME' });
    const zh = await get('APP_GAME', 'zh');
    expect(((await zh.json()) as { message: string }).message).toBe('没有名为 APP_GAME 的应用安装包');
    for (const bad of ['PORTAL', 'APP_portal', `APP_${'X'.repeat(33)}`, 'APP_<svg>']) {
      const answer = await get(bad);
      expect([bad, answer.status]).toEqual([bad, 400]);
      expect(((await answer.json()) as { message: string }).message).toMatch(/APP_ followed by capital letters/);
    }
  });
});
