import type { Metadata } from 'next';
import { newsListMetadata, renderNewsList } from '@/components/news/news-routes';
import type { Locale } from '@/i18n/routing';
import { notFound } from 'next/navigation';
import { GEO_NEWS_KIND } from '@/lib/shared/news/kinds';

/** Only GEO dynamic information is a list; the other GEO pages get folders of their own. */
const isList = (list: string) => list === 'dynamicInfo';

type Props = { params: Promise<{ locale: Locale; list: string }> };

// Rendered on first request (the build has no database: no locale is prerendered), then cached for
// five minutes.
export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, list } = await params;
  return isList(list) ? newsListMetadata(locale, GEO_NEWS_KIND) : {};
}

export default async function Page({ params }: Props) {
  const { locale, list } = await params;
  if (!isList(list)) notFound();
  return renderNewsList(locale, GEO_NEWS_KIND);
}
