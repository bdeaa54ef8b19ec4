'use client';

import { Alert, Button, Group, Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { SatelliteCard } from '@/components/satellites/satellite-card';
import { AnchorLink } from '@/components/ui/anchor-link';
import { apiFetch } from '@/lib/client/api';
import { pageSchema } from '@/lib/shared/contracts/api';
import { listSatellitesContract, satelliteSummarySchema } from '@/lib/shared/contracts/satellites';
import { withQueries } from '@/components/providers/query-boundary';

/** The Chinese series shown on home: the sharpest optical, stereo mapping, hyperspectral, radar and video/commercial. */
const FEATURED = ['gf7', 'gf2', 'zy3', 'zy102d', 'gf3', 'jl1'] as const;

const listSchema = pageSchema(satelliteSummarySchema);

/** A showcase of Chinese land-observation satellites, read from the satellite tables. */
function SatelliteShowcaseContent() {
  const t = useTranslations('Home');
  const locale = useLocale();
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: ['satellites', 'cn', locale] as const,
    queryFn: ({ signal }) => apiFetch(listSatellitesContract.path, { query: { country: 'cn', pageSize: 50 }, schema: listSchema, signal }),
    staleTime: 5 * 60_000,
  });
  const featured = FEATURED.flatMap((slug) => data?.list.find((s) => s.slug === slug) ?? []);

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="home-satellites-title" aria-busy={isPending}>
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4" id="home-satellites-title">
          {t('showcaseTitle')}
        </Title>
        <Group gap="sm">
          <AnchorLink href="/satellite/chinese" size="sm">
            {t('showcaseAllChinese', { count: data?.total ?? 0 })}
          </AnchorLink>
          <AnchorLink href="/satellite/global" size="sm">
            {t('showcaseGlobal')}
          </AnchorLink>
        </Group>
      </Group>
      {isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {FEATURED.map((slug) => (
            <Skeleton key={slug} height={200} />
          ))}
        </SimpleGrid>
      ) : isError ? (
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between">
            <Text size="sm">{t('showcaseFailed')}</Text>
            <Button size="xs" variant="light" onClick={() => void refetch()}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="satellite-showcase">
          {featured.map((satellite) => (
            <SatelliteCard key={satellite.slug} satellite={satellite} />
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}

/** Loaded on demand, so it brings React Query itself (components/providers/query-boundary.tsx). */
export const SatelliteShowcase = withQueries(SatelliteShowcaseContent);
