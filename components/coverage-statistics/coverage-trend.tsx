'use client';

import { NativeSelect, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { QueryState } from '@/components/monitor/query-state';
import { LazyTrendLineChart } from '@/components/statistics/charts-lazy';
import { isComplete, useCoverageTrend, type CoverageAnswer, type CoverageRequest } from '@/lib/client/queries/coverage-statistics';
import { periodMonths, trendMonths } from './state';
import { useTermLabel } from './period-picker';
import tableCells from '@/components/statistics/figures-cells.module.css';
import classes from './coverage.module.css';

/**
 * The trend of one region by month (the twelve months ending with the period's last): covered share and scenes,
 * as a line chart (recharts, loaded with this screen only) and a table with the same numbers.
 */
export function CoverageTrend({
  region,
  regionName,
  items,
  from,
  to,
  filters,
}: {
  region: string;
  regionName: string | null;
  items: CoverageAnswer['items'] | undefined;
  from: string;
  to: string;
  filters: CoverageRequest['filters'];
}) {
  const t = useTranslations('CoverageScreen');
  const locale = useLocale();
  const termLabel = useTermLabel();
  // The region of the trend: the one in focus, or one of its regions; reset when the focus moves.
  const [picked, setPicked] = useState<{ focus: string; code: string } | null>(null);
  const code = picked?.focus === region ? picked.code : region;
  const months = useMemo(() => {
    const range = periodMonths(from, to);
    return range ? trendMonths(range) : [];
  }, [from, to]);
  // Twelve answers are asked for only once the section is in view (a country-wide month is a roll-up of every county).
  const { ref, inViewport } = useInViewport<HTMLElement>();
  const [seen, setSeen] = useState(false);
  if (inViewport && !seen) setSeen(true);
  const queries = useCoverageTrend(seen ? code : null, months, filters);
  const two = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const whole = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en-GB');
  const rows = months.map((month, i) => {
    const d = queries[i]?.data;
    return { month, label: termLabel('month', month), figures: d && isComplete(d) ? d.total : null };
  });
  const error = queries.find((q) => q.error)?.error ?? null;
  const loading = !seen || (queries.some((q) => q.isPending) && rows.every((r) => r.figures === null));
  const name =
    queries.find((q) => q.data)?.data?.region.name ?? (code === region ? regionName : items?.find((i) => i.code === code)?.name) ?? '';
  const options = [
    { value: region, label: t('trendWhole', { region: regionName ?? '' }) },
    ...(items ?? []).filter((i) => i.code !== region).map((i) => ({ value: i.code, label: i.name })),
  ];
  const chart = rows.filter((r) => r.figures).map((r) => ({ name: r.label, count: r.figures!.scenes, area: r.figures!.coveredPct }));

  return (
    <Stack ref={ref} gap="xs" component="section" aria-labelledby="coverage-trend-title" data-testid="coverage-trend">
      <Title order={2} size="h4" id="coverage-trend-title">
        {t('trend')}
      </Title>
      {options.length > 1 ? (
        <NativeSelect
          label={t('trendRegion')}
          value={code}
          data={options}
          maw={360}
          onChange={(e) => setPicked({ focus: region, code: e.currentTarget.value })}
          data-testid="coverage-trend-region"
        />
      ) : null}
      <QueryState loading={loading} error={error}>
        {rows.some((r) => r.figures === null) ? (
          <Text size="xs" c="dimmed">
            {t('trendPartial')}
          </Text>
        ) : null}
        <div className={classes.trend}>
          <div>
            {chart.length > 0 ? (
              <LazyTrendLineChart
                data={chart}
                label={t('trendLabel', { region: name })}
                countLabel={t('trendScenes')}
                areaLabel={t('trendCovered')}
              />
            ) : null}
          </div>
          <div className={classes.trendTable} tabIndex={0} role="region" aria-label={t('trendCaption', { region: name })}>
            <Table striped fz="sm" data-testid="coverage-trend-table">
              <Table.Caption>
                <VisuallyHidden>{t('trendCaption', { region: name })}</VisuallyHidden>
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('trendMonth')}</Table.Th>
                  <Table.Th className={tableCells.numeric}>{t('trendCovered')}</Table.Th>
                  <Table.Th className={tableCells.numeric}>{t('trendScenes')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.month}>
                    <Table.Td>{r.label}</Table.Td>
                    <Table.Td className={tableCells.numeric}>{r.figures ? two.format(r.figures.coveredPct) : '…'}</Table.Td>
                    <Table.Td className={tableCells.numeric}>{r.figures ? whole.format(r.figures.scenes) : '…'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        </div>
      </QueryState>
    </Stack>
  );
}
