'use client';

import { Group, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useMemo, useState } from 'react';
import { createViewLink, MapView, type OutlineLayer } from '@/components/map';
import { useStructureSequence } from '@/lib/client/queries/plantingstructure';
import { useRegionChildrenGeometry, useRegionGeometry } from '@/lib/client/queries/regions';
import type { StructureSequence } from '@/lib/shared/contracts/plantingstructure';
import { NO_DATA_COLOR } from '@/lib/shared/map/legend';
import { COUNTRY_CODE } from '@/lib/shared/regions/codes';
import type { ModuleProps } from '../../monitor-context';
import { childLevelOf } from '@/lib/shared/regions/codes';
import { detailRegion } from '../../monitor-state';
import classes from '../../monitor.module.css';
import { QueryState } from '../../query-state';
import { WhileVisible } from '../../sequence-module';
import { TableRegion } from '../../table-region';
import { cropFill, cropOf, formatHa, formatShare, nameOf } from './crops';
import { SeasonControl, useSeasonName } from './season-control';

const SMALL_MAP_HEIGHT = 240;

/** One year's small map: the child regions coloured by their dominant crop that year. */
function YearMap({
  year,
  outlines,
  link,
  config,
}: {
  year: string;
  outlines: OutlineLayer[];
  link: ReturnType<typeof createViewLink>;
  config: ModuleProps['config'];
}) {
  const t = useTranslations('Themes.plantingstructure');
  const titleId = useId();
  return (
    <li className={classes.sequenceItem} aria-labelledby={titleId} data-testid="planting-sequence-map">
      <div className={classes.sequenceHead}>
        <Text id={titleId} fw={600} size="sm">
          {year}
        </Text>
      </div>
      <WhileVisible height={SMALL_MAP_HEIGHT}>
        <MapView
          config={config}
          label={`${t('mapLabel')} ${year}`}
          outlines={outlines}
          viewLink={link}
          baseSwitch={false}
          height={SMALL_MAP_HEIGHT}
        />
      </WhileVisible>
    </li>
  );
}

/**
 * Planting structure sequence (login, permission, area range): the dominant crop of each child region of the
 * scope in every year, as small maps sharing one view and as a table, with the change of one crop's area
 * (chosen, kept in the URL as the screen's kind) from the first year to the last.
 */
export function PlantingSequence({ theme, config, state, update, ranges }: ModuleProps) {
  const t = useTranslations('Themes.plantingstructure');
  const tm = useTranslations('Monitor');
  const locale = useLocale();
  const region = detailRegion(ranges, state.region) ?? ranges[0] ?? COUNTRY_CODE;
  const season = state.stage;
  const seasonName = useSeasonName(theme, season);
  const sequence = useStructureSequence(theme, region, season);
  const data = sequence.data?.region.code === region ? sequence.data : undefined;
  const childLevel = childLevelOf(region);
  const children = useRegionChildrenGeometry(childLevel ? region : null, childLevel === 'county' ? 'hi' : 'mid');
  const own = useRegionGeometry(childLevel || region === COUNTRY_CODE ? null : region, 'hi');
  const shapes = childLevel ? children.data : own.data;
  const [link] = useState(createViewLink);

  const all = theme.kinds.items.map((k) => k.value);
  const compared = state.tblx ?? largestCrop(data, all) ?? all[0]!;
  const ci = all.indexOf(compared);

  const perYear = useMemo<OutlineLayer[][]>(() => {
    if (!data || !shapes) return [];
    return data.batches.map((b, i) => {
      const fillColors: Record<string, string> = {};
      for (const item of data.items) {
        const figures = item.years[i];
        const crop = cropOf(theme, figures?.dominant ?? null);
        fillColors[item.code] = crop ? cropFill(crop.color, figures!.share) : NO_DATA_COLOR;
      }
      return [{ id: `planting-seq-${region}-${b.id}`, data: shapes, emphasis: 'context', fit: true, fillColors, interactive: true }];
    });
  }, [data, shapes, region, theme]);

  const years = data?.batches.map((b) => b.quarter.slice(0, 4)) ?? [];
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs" align="flex-end">
        <Title order={2} size="h4">
          {t('sequenceTitle', { region: data?.region.name ?? '', season: seasonName })}
        </Title>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <SeasonControl theme={theme} state={state} update={update} />
          <Select
            size="xs"
            label={t('sequenceCrop')}
            data={theme.kinds.items.map((k) => ({ value: k.value, label: nameOf(k, locale) }))}
            value={compared}
            allowDeselect={false}
            onChange={(value) => value && update({ tblx: value }, { replace: true })}
            w={150}
            data-testid="planting-compare"
          />
        </Group>
      </Group>
      <QueryState loading={!data && !sequence.error} error={sequence.error} empty={data?.batches.length === 0} emptyText={tm('noBatches')}>
        {data ? (
          <>
            <Text size="xs" c="dimmed" className={classes.sequenceHint}>
              {tm('sequenceSwipe')}
            </Text>
            <ol
              className={classes.sequenceStrip}
              aria-label={t('sequenceTitle', { region: data.region.name, season: seasonName })}
              key={region}
            >
              {perYear.map((outlines, i) => (
                <YearMap key={data.batches[i]!.id} year={years[i]!} outlines={outlines} link={link} config={config} />
              ))}
            </ol>
            <TableRegion table="sequence">
              <Table striped fz="sm" stickyHeader data-testid="sequence-table">
                <Table.Caption>
                  <VisuallyHidden>{t('sequenceTitle', { region: data.region.name, season: seasonName })}</VisuallyHidden>
                </Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th className={classes.nowrap}>{tm('region')}</Table.Th>
                    {years.map((y) => (
                      <Table.Th key={y} className={classes.nowrap}>
                        {y}
                      </Table.Th>
                    ))}
                    <Table.Th className={classes.nowrap}>
                      {nameOf(cropOf(theme, compared), locale)} · {t('change', { from: years[0] ?? '', to: years.at(-1) ?? '' })}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((item) => {
                    const from = item.years[0]?.areas[ci] ?? 0;
                    const to = item.years.at(-1)?.areas[ci] ?? 0;
                    return (
                      <Table.Tr key={item.code}>
                        <Table.Th scope="row" fw={400} className={classes.nowrap}>
                          {item.name}
                        </Table.Th>
                        {item.years.map((f, i) => {
                          const crop = cropOf(theme, f.dominant);
                          return (
                            <Table.Td key={data.batches[i]!.id}>
                              <div className={classes.regionCell}>
                                <span
                                  className={classes.swatch}
                                  style={{ background: crop ? cropFill(crop.color, f.share) : NO_DATA_COLOR }}
                                  aria-hidden="true"
                                />
                                <span>
                                  {crop ? nameOf(crop, locale) : t('none')}
                                  <Text size="xs" c="dimmed">
                                    {formatShare(f.share, locale)}
                                  </Text>
                                </span>
                              </div>
                            </Table.Td>
                          );
                        })}
                        <Table.Td className={classes.nowrap}>
                          {formatHa(from, locale)} → {formatHa(to, locale)}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </TableRegion>
            <Text size="xs" c="dimmed">
              {t('sequenceNote')}
            </Text>
          </>
        ) : null}
      </QueryState>
    </Stack>
  );
}

/** The crop with the largest area over the scope in the last year. */
function largestCrop(data: StructureSequence | undefined, crops: readonly string[]): string | null {
  if (!data || data.batches.length === 0) return null;
  const last = data.batches.length - 1;
  const sums = crops.map((_, i) => data.items.reduce((n, item) => n + (item.years[last]?.areas[i] ?? 0), 0));
  const best = sums.indexOf(Math.max(...sums));
  return sums[best]! > 0 ? crops[best]! : null;
}
