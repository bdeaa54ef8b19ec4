import type { MetadataRoute } from 'next';
import { getEnv } from '@/lib/server/env';
import { sitemapPaths } from '@/lib/shared/sitemap';
import { LOCALE_PREFIXES } from '@/i18n/routing';

export default function sitemap(): MetadataRoute.Sitemap {
  const base = getEnv().SITE_URL;
  return sitemapPaths().flatMap((path) =>
    (['zh', 'en'] as const).map((locale) => ({
      url: new URL(`${LOCALE_PREFIXES[locale]}${path}`, base).toString(),
      alternates: {
        languages: {
          'zh-CN': new URL(`${LOCALE_PREFIXES.zh}${path}`, base).toString(),
          en: new URL(`${LOCALE_PREFIXES.en}${path}`, base).toString(),
        },
      },
    })),
  );
}
