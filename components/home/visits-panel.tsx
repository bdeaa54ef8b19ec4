'use client';

import { Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { useVisitTotals } from '@/lib/client/queries/visits';

/** Live visit figures from the visit counter. */
export function VisitsPanel() {
  const t = useTranslations('Home');
  const format = useFormatter();
  const { data, isPending, isError } = useVisitTotals(30);

  const figure = (label: string, value: number | undefined, testId: string) => (
    <Stack gap={2} align="center" miw={120}>
      {isPending ? (
        <Skeleton height={34} width={90} />
      ) : (
        <Text fz={30} fw={700} c="brand.7" data-testid={testId}>
          {value === undefined ? '—' : format.number(value)}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </Stack>
  );

  return (
    <Paper withBorder radius="md" p="lg" aria-busy={isPending}>
      <Title order={2} size="h4" mb="md">
        {t('visitsTitle')}
      </Title>
      <Group justify="space-around" wrap="wrap">
        {figure(t('visitsToday'), isError ? undefined : data?.today, 'visits-today')}
        {figure(t('visitsTotal'), isError ? undefined : data?.total, 'visits-total')}
      </Group>
      <Text size="xs" c="dimmed" mt="md">
        {t('visitsNote')}
      </Text>
    </Paper>
  );
}
