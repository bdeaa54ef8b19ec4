import type { Metadata } from 'next';
import { setRequestLocale } from 'next-intl/server';
import { ContentPageView } from '@/components/content/content-page-view';
import { LOCALES, type Locale } from '@/i18n/routing';
import { PLATFORM_INTRO } from '@/lib/content/platform-intro';
import { pageAlternates } from '@/lib/shared/seo';

type Props = { params: Promise<{ locale: Locale }> };

export function generateStaticParams() {
  return LOCALES.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const page = PLATFORM_INTRO[locale];
  return { title: page.title, description: page.description, alternates: pageAlternates(locale, '/platform/platformIntro') };
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return <ContentPageView page={PLATFORM_INTRO[locale]} />;
}
