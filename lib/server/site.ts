import 'server-only';
import QRCode from 'qrcode';
import { LOCALE_PREFIXES, type Locale } from '@/i18n/routing';
import { getEnv } from './env';

/** The footer's configured parts: app QR code (generated from APP_DOWNLOAD_URL) and record numbers. */
export async function getFooterInfo() {
  const env = getEnv();
  const appUrl = env.APP_DOWNLOAD_URL ?? new URL('/chinese/applicationExtend/software', env.SITE_URL).toString();
  const svg = await QRCode.toString(appUrl, {
    type: 'svg',
    margin: 0,
    errorCorrectionLevel: 'M',
    color: { dark: '#0b1f3f', light: '#ffffff' },
  });
  return {
    appQrDataUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
    icpRecord: env.ICP_RECORD,
    psbRecord: env.PSB_RECORD,
    year: new Date().getFullYear(),
  };
}

/** The public address of a page in a language (canonical links, JSON-LD), from SITE_URL. */
export function absolutePageUrl(locale: Locale, path: string): string {
  return new URL(`${LOCALE_PREFIXES[locale]}${path}`, getEnv().SITE_URL).toString();
}
