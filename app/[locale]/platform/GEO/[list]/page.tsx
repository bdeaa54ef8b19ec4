import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { newsListMetadata, renderNewsList } from '../../_server/news-routes';
import type { Locale } from '@/i18n/routing';
import { GEO_NEWS_KINDS, isGeoNewsKind } from '@/lib/shared/news/kinds';

// The GEO news lists (dynamicInfo, cooperation, organization); plan and links have folders of their own.
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
  return isGeoNewsKind(list) ? newsListMetadata(locale, GEO_NEWS_KINDS[list]) : {};
}

export default async function Page({ params }: Props) {
  const { locale, list } = await params;
  if (!isGeoNewsKind(list)) notFound();
  return renderNewsList(locale, GEO_NEWS_KINDS[list]);
}
