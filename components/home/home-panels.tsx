/**
 * The home page's news and satellite panels as plain views of their data: the page renders them on the server from
 * the database (ISR), and the client versions (news-highlights.tsx, satellite-showcase.tsx) render the same views
 * when the page was built without data. No 'use client': they add no code to the page's first load.
 */
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { SatelliteCard } from '@/components/satellites/satellite-card';
import { AnchorLink } from '@/components/ui/anchor-link';
import type { NewsSummary } from '@/lib/shared/contracts/news';
import type { SatelliteSummary } from '@/lib/shared/contracts/satellites';
import { kindOfType, newsDetailPath, newsListPath, NEWS_KINDS } from '@/lib/shared/news/kinds';

/** The Chinese series shown on home: the sharpest optical, stereo mapping, hyperspectral, radar and video/commercial. */
export const FEATURED_SATELLITES = ['gf7', 'gf2', 'zy3', 'zy102d', 'gf3', 'jl1'] as const;

export function NewsPanel({ busy = false, children }: { busy?: boolean; children: ReactNode }) {
  const t = useTranslations('Home');
  const routes = useTranslations('Routes');
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="home-news-title" aria-busy={busy}>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4" id="home-news-title">
          {t('newsTitle')}
        </Title>
        <Group gap="sm">
          {Object.values(NEWS_KINDS).map((kind) => (
            <AnchorLink key={kind.base} href={newsListPath(kind)} size="sm">
              {routes(kind.title)}
            </AnchorLink>
          ))}
        </Group>
      </Group>
      {children}
    </Paper>
  );
}

/** Highlighted news items, each linking to its detail page. */
export function NewsHighlightsList({ highlights }: { highlights: readonly NewsSummary[] }) {
  const news = useTranslations('News');
  const routes = useTranslations('Routes');
  const format = useFormatter();
  const items = highlights.flatMap((item) => {
    const kind = kindOfType(item.type);
    return kind ? [{ item, kind }] : [];
  });
  if (items.length === 0) return <Text c="dimmed">{news('empty')}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {items.map(({ item, kind }) => (
        <li key={item.id}>
          <Stack gap={4}>
            <Text size="xs" c="dimmed">
              {routes(kind.title)} ·{' '}
              <time dateTime={item.publishedAt}>
                {format.dateTime(new Date(item.publishedAt), { year: 'numeric', month: 'short', day: 'numeric' })}
              </time>
            </Text>
            <AnchorLink href={newsDetailPath(kind, item.id)} fw={600} c="inherit">
              {item.title}
            </AnchorLink>
            <Text size="sm" lineClamp={2}>
              {item.summary}
            </Text>
            {item.demo && (
              <Badge size="xs" variant="outline" color="gray" w="fit-content">
                {news('demo')}
              </Badge>
            )}
          </Stack>
        </li>
      ))}
    </SimpleGrid>
  );
}

export function SatellitePanel({ total, busy = false, children }: { total: number; busy?: boolean; children: ReactNode }) {
  const t = useTranslations('Home');
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="home-satellites-title" aria-busy={busy}>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4" id="home-satellites-title">
          {t('showcaseTitle')}
        </Title>
        <Group gap="sm">
          <AnchorLink href="/satellite/chinese" size="sm">
            {t('showcaseAllChinese', { count: total })}
          </AnchorLink>
          <AnchorLink href="/satellite/global" size="sm">
            {t('showcaseGlobal')}
          </AnchorLink>
        </Group>
      </Group>
      {children}
    </Paper>
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
