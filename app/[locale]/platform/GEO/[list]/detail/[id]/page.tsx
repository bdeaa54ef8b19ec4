import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { newsDetailMetadata, renderNewsDetail } from '../../../../_server/news-routes';
import type { Locale } from '@/i18n/routing';
import { GEO_NEWS_KINDS, isGeoNewsKind } from '@/lib/shared/news/kinds';

type Props = { params: Promise<{ locale: Locale; list: string; id: string }> };

export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, list, id } = await params;
  return isGeoNewsKind(list) ? newsDetailMetadata(locale, GEO_NEWS_KINDS[list], id) : {};
}

export default async function Page({ params }: Props) {
  const { locale, list, id } = await params;
  if (!isGeoNewsKind(list)) notFound();
  return renderNewsDetail(locale, GEO_NEWS_KINDS[list], id);
}
