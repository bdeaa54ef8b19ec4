'use client';

import { Table, Text, VisuallyHidden } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useSpotTrend } from '@/lib/client/queries/spots';
import { percentOf } from '@/lib/shared/spots/grid';
import { formatCount, formatHectares } from './format';
import classes from './monitor.module.css';
import { QueryState } from './query-state';
import { TableRegion } from './table-region';
import type { MonitorTheme } from './theme';

/**
 * A batch's features in a region by kind, grouped as the theme declares (non-agricultural, non-grain use):
 * each group's subtotal, then its kinds, with count, area and share of the area. Read from the region's
 * trend (one call serves every batch), under the same counting rules as the map.
 */
export function KindBreakdown({
  theme,
  regionId,
  regionName,
  batchId,
}: {
  theme: MonitorTheme;
  regionId: string;
  regionName: string;
  batchId: string | null;
}) {
  const t = useTranslations('Monitor');
  const locale = useLocale();
  const trend = useSpotTrend(theme, regionId);
  const groups = theme.kindGroups;
  if (!groups) return null;
  const batch = trend.data?.series.find((s) => s.id === batchId);
  const name = (item: { zh: string; en: string }) => (locale === 'zh' ? item.zh : item.en);
  const total = batch?.area ?? 0;
  return (
    <QueryState loading={trend.isPending} error={trend.error}>
      {batch ? (
        <TableRegion table="kinds">
          <Table striped fz="sm" data-testid="statistics-kinds">
            <Table.Caption>
              <VisuallyHidden>{t('kindsCaption', { region: regionName })}</VisuallyHidden>
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('kind')}</Table.Th>
                <Table.Th className={classes.numeric}>{t('count')}</Table.Th>
                <Table.Th className={classes.numeric}>{t('areaHa')}</Table.Th>
                <Table.Th className={classes.numeric}>{t('areaShare')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {groups.items.flatMap((group) => {
                const members = theme.kinds.items.flatMap((kind, i) =>
                  kind.group === group.value ? [{ kind, figures: batch.byKind[i] }] : [],
                );
                const count = members.reduce((n, m) => n + (m.figures?.count ?? 0), 0);
                const area = members.reduce((n, m) => n + (m.figures?.area ?? 0), 0);
                return [
                  <Table.Tr key={group.value} data-testid={`kind-group-${group.value}`}>
                    <Table.Th scope="row">
                      <span className={classes.swatch} style={{ background: group.color }} aria-hidden="true" />
                      {name(group)}
                    </Table.Th>
                    <Table.Td className={classes.numeric}>
                      <strong>{formatCount(count, locale)}</strong>
                    </Table.Td>
                    <Table.Td className={classes.numeric}>
                      <strong>{formatHectares(area, locale)}</strong>
                    </Table.Td>
                    <Table.Td className={classes.numeric}>
                      <strong>{percentOf(area, total).toFixed(2)}%</strong>
                    </Table.Td>
                  </Table.Tr>,
                  ...members.map(({ kind, figures }) => (
                    <Table.Tr key={kind.value}>
                      <Table.Td className={classes.indented}>
                        <span className={classes.swatch} style={{ background: kind.color }} aria-hidden="true" />
                        {name(kind)}
                      </Table.Td>
                      <Table.Td className={classes.numeric}>{formatCount(figures?.count ?? 0, locale)}</Table.Td>
                      <Table.Td className={classes.numeric}>{formatHectares(figures?.area ?? 0, locale)}</Table.Td>
                      <Table.Td className={classes.numeric}>{percentOf(figures?.area ?? 0, total).toFixed(2)}%</Table.Td>
                    </Table.Tr>
                  )),
                ];
              })}
            </Table.Tbody>
          </Table>
        </TableRegion>
      ) : (
        <Text size="sm" c="dimmed">
          {t('noSpotsHere')}
        </Text>
      )}
    </QueryState>
  );
}
