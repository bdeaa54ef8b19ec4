// GET /api/process-spot-bjhs/v1/process/field-app/{zh|en}.webmanifest — the web-app manifest of the field app in one language (issue 34.2): installed
// from the field page, it opens there, within the inspection's pages of that language.
import { getTranslations } from 'next-intl/server';
import { isLocale, LOCALES } from '@/i18n/routing';
import { fieldPage, fieldScope } from '@/lib/shared/verification/field-offline';

export const dynamic = 'force-static';
export const dynamicParams = false;
export const generateStaticParams = () => LOCALES.map((locale) => ({ file: `${locale}.webmanifest` }));

export async function GET(_: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const locale = file.replace(/\.webmanifest$/, '');
  if (!isLocale(locale)) return new Response('Not found', { status: 404 });
  const t = await getTranslations({ locale, namespace: 'VerifyField.app' });
  const manifest = {
    id: fieldPage(locale),
    name: t('name'),
    short_name: t('shortName'),
    description: t('description'),
    lang: locale === 'zh' ? 'zh-CN' : 'en',
    start_url: fieldPage(locale),
    scope: fieldScope(locale),
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: '#04358a',
    icons: [
      { src: '/field-app/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/field-app/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/field-app/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
