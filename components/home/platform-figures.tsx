'use client';

import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { usePlatformFigures, useVisitTotals } from '@/lib/client/queries/visits';
import { withQueries } from '@/components/providers/query-boundary';

type FigureKey = 'visitsToday' | 'visitsTotal' | 'chineseSatellites' | 'globalSatellites' | 'sensors' | 'counties' | 'news' | 'downloads';

/** Platform figures counted from the database, and the live visit counter (this visit included). */
function PlatformFiguresContent() {
  const t = useTranslations('Home.figures');
  const format = useFormatter();
  const visits = useVisitTotals(30);
  const figures = usePlatformFigures();

  const cells: { key: FigureKey; value: number | undefined; pending: boolean; testId?: string }[] = [
    { key: 'visitsToday', value: visits.data?.today, pending: visits.isPending, testId: 'visits-today' },
    { key: 'visitsTotal', value: visits.data?.total, pending: visits.isPending, testId: 'visits-total' },
    { key: 'chineseSatellites', value: figures.data?.chineseSatellites, pending: figures.isPending },
    { key: 'globalSatellites', value: figures.data?.globalSatellites, pending: figures.isPending },
    { key: 'sensors', value: figures.data?.sensors, pending: figures.isPending },
    { key: 'counties', value: figures.data?.counties, pending: figures.isPending },
    { key: 'news', value: figures.data?.news, pending: figures.isPending },
    { key: 'downloads', value: figures.data?.downloads, pending: figures.isPending },
  ];

  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      component="section"
      aria-labelledby="home-figures-title"
      aria-busy={visits.isPending || figures.isPending}
    >
      <Title order={2} size="h4" mb="md" id="home-figures-title">
        {t('title')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" component="dl" m={0}>
        {cells.map(({ key, value, pending, testId }) => (
          // Term first for the definition list; shown figure-above-label.
          <Stack key={key} gap={2} align="center" style={{ flexDirection: 'column-reverse' }}>
            <Text component="dt" size="sm" c="dimmed" ta="center">
              {t(`items.${key}`)}
            </Text>
            <Text component="dd" m={0} fz={28} fw={700} c="brand.7" data-testid={testId ?? `figure-${key}`}>
              {pending ? (
                <Skeleton component="span" display="inline-block" height={30} width={80} />
              ) : value === undefined ? (
                '—'
              ) : (
                format.number(value)
              )}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="md">
        {t('note')}
      </Text>
    </Paper>
  );
}

/** Loaded on demand, so it brings React Query itself (components/providers/query-boundary.tsx). */
export const PlatformFigures = withQueries(PlatformFiguresContent);
