'use client';

import { Alert, Button, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { apiFetch } from '@/lib/client/api';
import { pageSchema } from '@/lib/shared/contracts/api';
import { listSatellitesContract, satelliteSummarySchema } from '@/lib/shared/contracts/satellites';
import { withQueries } from '@/components/providers/query-boundary';
import { FEATURED_SATELLITES, SatelliteShowcaseGrid, SatellitePanel } from './home-panels';

const listSchema = pageSchema(satelliteSummarySchema);

/** The satellite showcase, fetched in the browser: used when the page was built without the database. */
function SatelliteShowcaseContent() {
  const t = useTranslations('Home');
  const locale = useLocale();
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: ['satellites', 'cn', locale] as const,
    queryFn: ({ signal }) => apiFetch(listSatellitesContract.path, { query: { country: 'cn', pageSize: 50 }, schema: listSchema, signal }),
    staleTime: 5 * 60_000,
  });

  return (
    <SatellitePanel total={data?.total ?? 0} busy={isPending}>
      {isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {FEATURED_SATELLITES.map((slug) => (
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
        <SatelliteShowcaseGrid satellites={data.list} />
      )}
    </SatellitePanel>
  );
}

/** Loaded on demand, so it brings React Query itself (components/providers/query-boundary.tsx). */
export const SatelliteShowcase = withQueries(SatelliteShowcaseContent);
