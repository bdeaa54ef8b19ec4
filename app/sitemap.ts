import type { MetadataRoute } from 'next';
import { LOCALE_PREFIXES } from '@/i18n/routing';
import { getDb } from '@/lib/server/db';
import { getEnv } from '@/lib/server/env';
import { listNewsForSitemap } from '@/lib/server/news';
import { listShareSlugs } from '@/lib/server/share';
import { kindOfType, newsDetailPath } from '@/lib/shared/news/kinds';
import { softwarePath } from '@/lib/shared/share/paths';
import { sitemapPaths } from '@/lib/shared/sitemap';

// Lists every published news item, so it is read from the database per request (cheap: one query
// without bodies); the build has no database.
export const dynamic = 'force-dynamic';

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const base = getEnv().SITE_URL;
  const entry = (path: string, lastModified?: string) =>
    (['zh', 'en'] as const).map((locale) => ({
      url: new URL(`${LOCALE_PREFIXES[locale]}${path}`, base).toString(),
      ...(lastModified ? { lastModified } : {}),
      alternates: {
        languages: {
          'zh-CN': new URL(`${LOCALE_PREFIXES.zh}${path}`, base).toString(),
          en: new URL(`${LOCALE_PREFIXES.en}${path}`, base).toString(),
        },
      },
    }));
  const db = await getDb();
  const news = await listNewsForSitemap(db);
  const software = await listShareSlugs(db, 'software');
  return [
    ...sitemapPaths().flatMap((path) => entry(path)),
    ...news.flatMap((item) => {
      const kind = kindOfType(item.type);
      return kind ? entry(newsDetailPath(kind, item.id), item.updatedAt) : [];
    }),
    ...software.flatMap((item) => entry(softwarePath(item.slug), item.updatedAt)),
  ];
}
