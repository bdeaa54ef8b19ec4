import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { newsListMetadata, renderNewsList } from '../../_server/news-routes';
import type { Locale } from '@/i18n/routing';
import { NEWS_KINDS, isNewsKind } from '@/lib/shared/news/kinds';

type Props = { params: Promise<{ locale: Locale; kind: string }> };

export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, kind } = await params;
  return isNewsKind(kind) ? newsListMetadata(locale, NEWS_KINDS[kind]) : {};
}

export default async function Page({ params }: Props) {
  const { locale, kind } = await params;
  if (!isNewsKind(kind)) notFound();
  return renderNewsList(locale, NEWS_KINDS[kind]);
}
