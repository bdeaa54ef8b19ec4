import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { newsDetailMetadata, renderNewsDetail } from '../../../../_server/news-routes';
import type { Locale } from '@/i18n/routing';
import { NEWS_KINDS, isNewsKind } from '@/lib/shared/news/kinds';

type Props = { params: Promise<{ locale: Locale; kind: string; id: string }> };

export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, kind, id } = await params;
  return isNewsKind(kind) ? newsDetailMetadata(locale, NEWS_KINDS[kind], id) : {};
}

export default async function Page({ params }: Props) {
  const { locale, kind, id } = await params;
  if (!isNewsKind(kind)) notFound();
  return renderNewsDetail(locale, NEWS_KINDS[kind], id);
}
