'use client';

import { Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import type { SpotTrend } from '@/lib/shared/contracts/spots';
import { formatHectares, hectares } from './format';
import classes from './monitor.module.css';
import { TableRegion } from './table-region';
import type { MonitorTheme } from './theme';

// recharts loads with the trend module of a theme that has the chart, never with the page shell.
const LazyFarmlandLossChart = dynamic(() => import('./farmland-loss-chart').then((m) => m.FarmlandLossChart), {
  ssr: false,
  loading: () => <Skeleton height={300} />,
});

/** Per batch: m² found by kind group, m² since returned to farming, and the running loss net of that. */
export function farmlandLoss(theme: MonitorTheme, series: SpotTrend['series']) {
  const groups = theme.kindGroups?.items ?? [];
  let net = 0;
  return series.map((s) => {
    const byGroup = groups.map((g) =>
      theme.kinds.items.reduce((sum, k, i) => sum + (k.group === g.value ? (s.byKind[i]?.area ?? 0) : 0), 0),
    );
    net += s.area - s.restoredArea;
    return { batch: s, byGroup, restored: s.restoredArea, net };
  });
}

/**
 * The farmland lost in a region over time (themes with kind groups): a chart of each quarter's findings
 * stacked by group with the cumulative loss net of rectified land, and the same figures as a table.
 */
export function FarmlandLoss({ theme, series, regionName }: { theme: MonitorTheme; series: SpotTrend['series']; regionName: string }) {
  const t = useTranslations('Monitor');
  const locale = useLocale();
  const groups = theme.kindGroups?.items ?? [];
  if (groups.length === 0) return null;
  const name = (item: { zh: string; en: string }) => (locale === 'zh' ? item.zh : item.en);
  const rows = farmlandLoss(theme, series);
  const data = rows.map((r) => ({
    name: r.batch.quarter,
    net: hectares(r.net),
    ...Object.fromEntries(r.byGroup.map((m2, i) => [`g${i}`, hectares(m2)])),
  }));
  return (
    <Stack gap="xs" data-testid="farmland-loss">
      <Title order={3} size="h5">
        {t('lossTitle', { region: regionName })}
      </Title>
      <LazyFarmlandLossChart
        data={data}
        groups={groups.map((g) => ({ name: name(g), color: g.color }))}
        netLabel={t('lossNet')}
        label={t('lossChart', { region: regionName })}
      />
      <TableRegion table="loss">
        <Table striped fz="sm" data-testid="farmland-loss-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('batch')}</Table.Th>
              {groups.map((g) => (
                <Table.Th key={g.value} className={classes.numericHead}>
                  {name(g)}
                </Table.Th>
              ))}
              <Table.Th className={classes.numericHead}>{t('lossRestored')}</Table.Th>
              <Table.Th className={classes.numericHead}>{t('lossNet')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.batch.id}>
                <Table.Td>{r.batch.quarter}</Table.Td>
                {r.byGroup.map((m2, i) => (
                  <Table.Td key={groups[i]!.value} className={classes.numeric}>
                    {formatHectares(m2, locale)}
                  </Table.Td>
                ))}
                <Table.Td className={classes.numeric}>{formatHectares(r.restored, locale)}</Table.Td>
                <Table.Td className={classes.numeric}>{formatHectares(r.net, locale)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableRegion>
      <Text size="xs" c="dimmed">
        {t('lossNote')}
      </Text>
    </Stack>
  );
}
