import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { newsListMetadata, renderNewsListPage } from '../../../../_server/news-routes';
import { pageNumber } from '@/components/ui/link-pagination';
import type { Locale } from '@/i18n/routing';
import { GEO_NEWS_KINDS, isGeoNewsKind } from '@/lib/shared/news/kinds';

type Props = { params: Promise<{ locale: Locale; list: string; n: string }> };

export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, list, n } = await params;
  const page = pageNumber(n);
  return isGeoNewsKind(list) && page ? newsListMetadata(locale, GEO_NEWS_KINDS[list], page) : {};
}

export default async function Page({ params }: Props) {
  const { locale, list, n } = await params;
  if (!isGeoNewsKind(list)) notFound();
  return renderNewsListPage(locale, GEO_NEWS_KINDS[list], n);
}
