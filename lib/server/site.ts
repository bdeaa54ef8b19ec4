import 'server-only';
import QRCode from 'qrcode';
import { LOCALE_PREFIXES, type Locale } from '@/i18n/routing';
import { getEnv } from './env';

/** Mobile apps whose download address the portal knows, by the product name in `APP_{product}`. */
export const APP_PRODUCTS = ['PORTAL'] as const;
export type AppProduct = (typeof APP_PRODUCTS)[number];

/** Where a product's app is downloaded: APP_DOWNLOAD_URL, else the portal's software page. */
export function appDownloadUrl(product: AppProduct): string {
  const env = getEnv();
  switch (product) {
    case 'PORTAL':
      return env.APP_DOWNLOAD_URL ?? new URL('/chinese/applicationExtend/software', env.SITE_URL).toString();
  }
}

/** The QR code of a product's download address, as SVG (GET /api/client-package/v2/lastest/APP_{product}/qr). */
export function appQrSvg(product: AppProduct): Promise<string> {
  return QRCode.toString(appDownloadUrl(product), {
    type: 'svg',
    margin: 0,
    errorCorrectionLevel: 'M',
    color: { dark: '#0b1f3f', light: '#ffffff' },
  });
}

/** Spec §7's path of the QR code the footer shows. */
export const appQrPath = (product: AppProduct) => `/api/client-package/v2/lastest/APP_${product}/qr`;

/** The footer's configured parts: the app's QR code (served at spec §7's path) and record numbers. */
export function getFooterInfo() {
  const env = getEnv();
  return {
    appQrUrl: appQrPath('PORTAL'),
    icpRecord: env.ICP_RECORD,
    psbRecord: env.PSB_RECORD,
    year: new Date().getFullYear(),
  };
}

/** The public address of a page in a language (canonical links, JSON-LD), from SITE_URL. */
export function absolutePageUrl(locale: Locale, path: string): string {
  return new URL(`${LOCALE_PREFIXES[locale]}${path}`, getEnv().SITE_URL).toString();
}
