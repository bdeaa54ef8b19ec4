import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { NewsListPage } from '@/components/news/news-list-page';
import type { Locale } from '@/i18n/routing';
import { NEWS_KINDS, isNewsKind } from '@/lib/shared/news/kinds';
import { pageAlternates } from '@/lib/shared/seo';

type Props = { params: Promise<{ locale: Locale; kind: string }> };

// Rendered on first request from the database, then cached and refreshed every 5 minutes (and when
// an editor publishes). Nothing is rendered at build time: the build has no database.
export const revalidate = 300;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, kind } = await params;
  if (!isNewsKind(kind)) return {};
  const routes = await getTranslations({ locale, namespace: 'Routes' });
  const t = await getTranslations({ locale, namespace: 'News' });
  return {
    title: routes(NEWS_KINDS[kind].title),
    description: t('listDescription', { list: routes(NEWS_KINDS[kind].title) }),
    alternates: pageAlternates(locale, NEWS_KINDS[kind].base),
  };
}

export default async function Page({ params }: Props) {
  const { locale, kind } = await params;
  if (!isNewsKind(kind)) notFound();
  setRequestLocale(locale);
  return <NewsListPage kind={NEWS_KINDS[kind]} page={1} locale={locale} />;
}
