'use client';
/**
 * The mix of the filtered cases (spotAuto): how many and how large, by stage, verdict and change type, and how many
 * are overdue — from the statistics API over the same filters as the list.
 */
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { formatHectares } from '@/components/monitor/format';
import { DataTable } from '@/components/ui/data-table';
import { LoadFailed, LoadingRows } from '@/components/ui/load-states';
import { useCaseMix, type CaseListFilters } from '@/lib/client/queries/verification';
import type { CaseMix } from '@/lib/shared/contracts/verification';

function MixTable({ title, rows, testId }: { title: string; rows: CaseMix['byStage' | 'byVerdict' | 'byChangeType']; testId: string }) {
  const t = useTranslations('VerifyList.mix');
  const locale = useLocale();
  return (
    <div>
      <Title order={3} size="h6" mb={4}>
        {title}
      </Title>
      {rows.length === 0 ? (
        <Text size="sm" c="gray.7">
          {t('none')}
        </Text>
      ) : (
        <DataTable spacing="xs" data-testid={testId}>
          <thead>
            <tr>
              <th scope="col">{t('name')}</th>
              <th scope="col" style={{ textAlign: 'right' }}>
                {t('count')}
              </th>
              <th scope="col" style={{ textAlign: 'right' }}>
                {t('area')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.value} data-value={r.value}>
                <th scope="row" style={{ fontWeight: 'normal', textAlign: 'left' }}>
                  {r.name}
                </th>
                <td style={{ textAlign: 'right' }}>{r.count}</td>
                <td style={{ textAlign: 'right' }}>{formatHectares(r.areaM2, locale)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </div>
  );
}

export function MixPanel({ filters }: { filters: CaseListFilters }) {
  const t = useTranslations('VerifyList.mix');
  const tl = useTranslations('VerifyList');
  const locale = useLocale();
  const mix = useCaseMix(filters);
  const data = mix.data;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="mix-title" data-testid="mix-panel">
      <Stack gap="sm" aria-busy={mix.isFetching}>
        <Title order={2} size="h4" id="mix-title">
          {t('title')}
        </Title>
        {mix.isPending ? (
          <LoadingRows label={tl('loading')} count={2} height={60} />
        ) : mix.isError && !data ? (
          <LoadFailed title={tl('loadFailed')} message={mix.error.message} retry={tl('retry')} onRetry={mix.refetch} />
        ) : data ? (
          <>
            <Text size="sm" data-testid="mix-total">
              {t('total', { count: data.total.count, area: formatHectares(data.total.areaM2, locale), overdue: data.total.overdue })}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
              <MixTable title={t('byStage')} rows={data.byStage} testId="mix-stage" />
              <MixTable title={t('byVerdict')} rows={data.byVerdict} testId="mix-verdict" />
              <MixTable title={t('byChangeType')} rows={data.byChangeType} testId="mix-change" />
            </SimpleGrid>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
