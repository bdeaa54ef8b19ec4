import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound, permanentRedirect } from 'next/navigation';
import { NewsListPage } from '@/components/news/news-list-page';
import type { Locale } from '@/i18n/routing';
import { NEWS_KINDS, isNewsKind, newsListPath } from '@/lib/shared/news/kinds';
import { LOCALE_PREFIXES } from '@/i18n/routing';
import { pageAlternates } from '@/lib/shared/seo';

type Props = { params: Promise<{ locale: Locale; kind: string; n: string }> };

export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

/** Page numbers as written in links: 2, 3, … (page 1 is the list's own address). */
function pageNumber(n: string): number | null {
  return /^[1-9]\d{0,4}$/.test(n) ? Number(n) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, kind, n } = await params;
  const page = pageNumber(n);
  if (!isNewsKind(kind) || !page) return {};
  const routes = await getTranslations({ locale, namespace: 'Routes' });
  const t = await getTranslations({ locale, namespace: 'News' });
  const list = routes(NEWS_KINDS[kind].title);
  return { title: t('pageTitle', { list, page }), alternates: pageAlternates(locale, newsListPath(NEWS_KINDS[kind], page)) };
}

export default async function Page({ params }: Props) {
  const { locale, kind, n } = await params;
  const page = pageNumber(n);
  if (!isNewsKind(kind) || !page) notFound();
  if (page === 1) permanentRedirect(`${LOCALE_PREFIXES[locale]}${NEWS_KINDS[kind].base}`);
  setRequestLocale(locale);
  return <NewsListPage kind={NEWS_KINDS[kind]} page={page} locale={locale} />;
}
