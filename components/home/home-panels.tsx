/** The home page's news and satellite panels, rendered on the server from the database (ISR): no code in the browser. */
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@/components/ui/mantine-static';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { SatelliteCard } from '@/components/satellites/satellite-card';
import { AnchorLink } from '@/components/ui/anchor-link';
import { HTML_LANG } from '@/i18n/routing';
import type { HomeNewsItem } from '@/lib/shared/news/newest';
import type { SatelliteSummary } from '@/lib/shared/contracts/satellites';
import { kindOfType, newsDetailPath, newsListPath, NEWS_KINDS } from '@/lib/shared/news/kinds';

/** The Chinese series shown on home: the sharpest optical, stereo mapping, hyperspectral, radar and video/commercial. */
const FEATURED_SATELLITES = ['gf7', 'gf2', 'zy3', 'zy102d', 'gf3', 'jl1'] as const;

/** A home panel: a bordered section with its heading and links to the full pages. */
function HomePanel({ titleId, title, links, children }: { titleId: string; title: string; links: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4" id={titleId}>
          {title}
        </Title>
        <Group gap="sm">{links}</Group>
      </Group>
      {children}
    </Paper>
  );
}

export function NewsPanel({ children }: { children: ReactNode }) {
  const t = useTranslations('Home');
  const routes = useTranslations('Routes');
  return (
    <HomePanel
      titleId="home-news-title"
      title={t('newsTitle')}
      links={Object.values(NEWS_KINDS).map((kind) => (
        <AnchorLink key={kind.base} href={newsListPath(kind)} size="sm">
          {routes(kind.title)}
        </AnchorLink>
      ))}
    >
      {children}
    </HomePanel>
  );
}

/** The newest news of all types, newest first, each linking to its detail page; highlighted items are marked. */
export function HomeNewsList({ items: news }: { items: readonly HomeNewsItem[] }) {
  const t = useTranslations('News');
  const routes = useTranslations('Routes');
  const locale = useLocale();
  const format = useFormatter();
  const items = news.flatMap(({ item, highlighted }) => {
    const kind = kindOfType(item.type);
    return kind ? [{ item, highlighted, kind }] : [];
  });
  if (items.length === 0) return <Text c="dimmed">{t('empty')}</Text>;
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
      data-testid="home-news"
    >
      {items.map(({ item, highlighted, kind }) => (
        <li key={item.id} lang={item.lang === locale ? undefined : HTML_LANG[item.lang]}>
          <Stack gap={4}>
            <Text size="xs" c="dimmed" lang={HTML_LANG[locale]}>
              {routes(kind.title)} · <time dateTime={item.publishedAt}>{format.dateTime(new Date(item.publishedAt), 'day')}</time>
            </Text>
            <AnchorLink href={newsDetailPath(kind, item.id)} fw={600} c="inherit">
              {item.title}
            </AnchorLink>
            <Text size="sm" lineClamp={2}>
              {item.summary}
            </Text>
            <Group gap={6} lang={HTML_LANG[locale]}>
              {highlighted && (
                <Badge size="xs" variant="light" w="fit-content">
                  {t('highlighted')}
                </Badge>
              )}
              {item.lang !== locale && (
                <Badge size="xs" variant="light" color="gray" w="fit-content">
                  {t('onlyIn', { lang: item.lang })}
                </Badge>
              )}
              {item.demo && (
                <Badge size="xs" variant="outline" color="gray" w="fit-content">
                  {t('demo')}
                </Badge>
              )}
            </Group>
          </Stack>
        </li>
      ))}
    </SimpleGrid>
  );
}

export function SatellitePanel({ total, children }: { total: number; children: ReactNode }) {
  const t = useTranslations('Home');
  return (
    <HomePanel
      titleId="home-satellites-title"
      title={t('showcaseTitle')}
      links={
        <>
          <AnchorLink href="/satellite/chinese" size="sm">
            {t('showcaseAllChinese', { count: total })}
          </AnchorLink>
          <AnchorLink href="/satellite/global" size="sm">
            {t('showcaseGlobal')}
          </AnchorLink>
        </>
      }
    >
      {children}
    </HomePanel>
  );
}

/** The featured series, in FEATURED_SATELLITES order, from a list of Chinese satellites. */
export function SatelliteShowcaseGrid({ satellites }: { satellites: readonly SatelliteSummary[] }) {
  const featured = FEATURED_SATELLITES.flatMap((slug) => satellites.find((s) => s.slug === slug) ?? []);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="satellite-showcase">
      {featured.map((satellite) => (
        <SatelliteCard key={satellite.slug} satellite={satellite} />
      ))}
    </SimpleGrid>
  );
}
