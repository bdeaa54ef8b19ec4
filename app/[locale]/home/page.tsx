import { Container, Stack } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { HomeHero } from '@/components/home/home-hero';
import { NewsHighlightsLazy, PlatformFiguresLazy, SatelliteShowcaseLazy } from '@/components/home/home-lazy';
import { SectionCards } from '@/components/home/section-cards';
import type { Locale } from '@/i18n/routing';
import { pageAlternates } from '@/lib/shared/seo';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return { title: { absolute: t('siteName') }, description: t('description'), alternates: pageAlternates(locale, '/home') };
}

export default async function HomePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  return (
    <>
      <HomeHero />
      <Container size={1200} py="xl">
        <Stack gap="xl">
          <NewsHighlightsLazy />
          <SectionCards />
          <SatelliteShowcaseLazy />
          <PlatformFiguresLazy />
        </Stack>
      </Container>
    </>
  );
}
