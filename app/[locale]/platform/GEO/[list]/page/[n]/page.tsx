import type { Metadata } from 'next';
import { newsListMetadata, pageNumber, renderNewsListPage } from '@/components/news/news-routes';
import type { Locale } from '@/i18n/routing';
import { notFound } from 'next/navigation';
import { GEO_NEWS_KIND } from '@/lib/shared/news/kinds';

/** Only GEO dynamic information is a list; the other GEO pages get folders of their own. */
const isList = (list: string) => list === 'dynamicInfo';

type Props = { params: Promise<{ locale: Locale; list: string; n: string }> };

export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, list, n } = await params;
  const page = pageNumber(n);
  return isList(list) && page ? newsListMetadata(locale, GEO_NEWS_KIND, page) : {};
}

export default async function Page({ params }: Props) {
  const { locale, list, n } = await params;
  if (!isList(list)) notFound();
  return renderNewsListPage(locale, GEO_NEWS_KIND, n);
}
