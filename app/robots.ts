import type { MetadataRoute } from 'next';
import { getEnv } from '@/lib/server/env';

export default function robots(): MetadataRoute.Robots {
  const base = getEnv().SITE_URL;
  return {
    rules: [{ userAgent: '*', allow: ['/chinese/', '/english/'], disallow: ['/api/', '/map/', '/chinese/personal/', '/english/personal/'] }],
    sitemap: new URL('/sitemap.xml', base).toString(),
  };
}
