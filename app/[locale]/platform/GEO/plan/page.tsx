import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { ContentPageView } from '@/components/content/content-page-view';
import { LOCALES, type Locale } from '@/i18n/routing';
import { GEO_PLAN } from '@/lib/content/geo';
import { pageAlternates } from '@/lib/shared/seo';

type Props = { params: Promise<{ locale: Locale }> };

export function generateStaticParams() {
  return LOCALES.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const page = GEO_PLAN[locale];
  return { title: page.title, description: page.description, alternates: pageAlternates(locale, '/platform/GEO/plan') };
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <ContentPageView page={GEO_PLAN[locale]} />;
}
