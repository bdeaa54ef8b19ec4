import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { newsListMetadata, renderNewsListPage } from '../../../../_server/news-routes';
import { pageNumber } from '@/components/ui/link-pagination';
import type { Locale } from '@/i18n/routing';
import { NEWS_KINDS, isNewsKind } from '@/lib/shared/news/kinds';

type Props = { params: Promise<{ locale: Locale; kind: string; n: string }> };

export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, kind, n } = await params;
  const page = pageNumber(n);
  return isNewsKind(kind) && page ? newsListMetadata(locale, NEWS_KINDS[kind], page) : {};
}

export default async function Page({ params }: Props) {
  const { locale, kind, n } = await params;
  if (!isNewsKind(kind)) notFound();
  return renderNewsListPage(locale, NEWS_KINDS[kind], n);
}
