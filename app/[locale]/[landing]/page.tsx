import { Container, Stack } from '@/components/ui/mantine-static';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { HomeHero } from '@/components/home/home-hero';
import { VisitFiguresLazy } from '@/components/home/home-lazy';
import { PlatformFiguresPanel } from '@/components/home/platform-figures';
import { HomeNewsList, NewsPanel, SatellitePanel, SatelliteShowcaseGrid } from '@/components/home/home-panels';
import { SectionCards } from '@/components/home/section-cards';
import { redirect } from '@/i18n/server-navigation';
import type { Locale } from '@/i18n/routing';
import { HOME_NEWS_COUNT, loadHomeData } from '@/lib/server/home';
import { newestNews } from '@/lib/shared/news/newest';
import { pageAlternates } from '@/lib/shared/seo';

type Props = { params: Promise<{ locale: Locale; landing: string }> };

/**
 * Rendered on request and cached, refreshed every five minutes and whenever news is published (ISR): news,
 * satellites and platform figures come from the database into the HTML and cost no script. The visit counter is
 * always live.
 */
export const revalidate = 300;

/**
 * Home is `/{locale}/home`, written as the dynamic segment [landing] only so that the build does not prerender it
 * (the build has no database; a static segment under [locale] would be prerendered with the layout's locales): the
 * first request renders and caches each language, like the news pages. Any other single segment is an unknown path,
 * which goes home (spec §2) as [...rest] does.
 */
export const dynamicParams = true;

export function generateStaticParams() {
  return [];
}

const HOME_SEGMENT = 'home';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, landing } = await params;
  if (landing !== HOME_SEGMENT) return {};
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return { title: { absolute: t('siteName') }, description: t('description'), alternates: pageAlternates(locale, '/home') };
}

export default async function HomePage({ params }: Props) {
  const { locale, landing } = await params;
  if (landing !== HOME_SEGMENT) redirect({ href: '/home', locale });
  setRequestLocale(locale);
  const data = await loadHomeData(locale);
  const figures = await getTranslations({ locale, namespace: 'Home.figures.items' });
  return (
    <>
      <HomeHero />
      <Container size={1200} py="xl">
        <Stack gap="xl">
          <NewsPanel>
            <HomeNewsList items={newestNews(data.news, HOME_NEWS_COUNT)} />
          </NewsPanel>
          <SectionCards />
          <SatellitePanel total={data.satellites.total}>
            <SatelliteShowcaseGrid satellites={data.satellites.list} />
          </SatellitePanel>
          <PlatformFiguresPanel
            figures={data.figures}
            visits={<VisitFiguresLazy labels={{ today: figures('visitsToday'), total: figures('visitsTotal') }} />}
          />
        </Stack>
      </Container>
    </>
  );
}
