'use client';

import { Button, Chip, Group, RangeSlider, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { COLLECTIONS } from '@/lib/shared/catalogue/missions';
import type { SceneFilters } from '@/lib/client/stores/selection-store';
import classes from './catalog.module.css';

export interface FilterFieldsProps {
  filters: SceneFilters;
  onChange: (patch: Partial<SceneFilters>) => void;
  /** Today (UTC), injectable for tests. */
  today?: () => Date;
}

/** Resolution bands users choose among, metres. */
export const RESOLUTION_BANDS = [
  { key: 'any', min: null, max: null },
  { key: 'sub1', min: null, max: 1 },
  { key: 'to2', min: null, max: 2 },
  { key: 'to5', min: null, max: 5 },
  { key: 'to16', min: null, max: 16 },
  { key: 'from10', min: 10, max: null },
] as const;
type BandKey = (typeof RESOLUTION_BANDS)[number]['key'];

export const QUICK_PICKS = [
  { key: 'month', months: 1 },
  { key: 'quarter', months: 3 },
  { key: 'year', months: 12 },
] as const;

const LEVELS = [...new Set(COLLECTIONS.map((c) => c.sensor.productLevel))].sort();

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** [from, to] of "the last n months" ending today (UTC days). */
export function lastMonths(months: number, today: Date): [string, string] {
  // The same day n months back, or the last day of that month when it is shorter (31 May → 28 Feb).
  const lastDay = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - months + 1, 0)).getUTCDate();
  const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - months, Math.min(today.getUTCDate(), lastDay)));
  return [isoDay(from), isoDay(today)];
}

const bandOf = (f: SceneFilters): BandKey | null =>
  RESOLUTION_BANDS.find((b) => b.min === f.resolutionMin && b.max === f.resolutionMax)?.key ?? null;

/** Cloud, dates (with quick picks), resolution, product level and online status. */
export function FilterFields({ filters, onChange, today = () => new Date() }: FilterFieldsProps) {
  const t = useTranslations('Normal');
  const cloudId = useId();
  const band = bandOf(filters);
  const bandOptions: { value: string; label: string }[] = RESOLUTION_BANDS.map((b) => ({ value: b.key, label: t(`resolution.${b.key}`) }));
  if (band === null)
    bandOptions.push({
      value: 'custom',
      label: t('resolution.custom', { min: filters.resolutionMin ?? 0, max: filters.resolutionMax ?? '∞' }),
    });
  const dateError = filters.dateFrom && filters.dateTo && filters.dateFrom > filters.dateTo ? t('dates.order') : undefined;

  return (
    <Stack gap="sm">
      <div>
        <Text id={cloudId} size="sm" fw={500}>
          {t('cloud.label', { min: filters.cloudMin, max: filters.cloudMax })}
        </Text>
        <RangeSlider
          aria-labelledby={cloudId}
          min={0}
          max={100}
          step={5}
          minRange={0}
          value={[filters.cloudMin, filters.cloudMax]}
          onChange={([cloudMin, cloudMax]) => onChange({ cloudMin, cloudMax })}
          thumbFromLabel={t('cloud.from')}
          thumbToLabel={t('cloud.to')}
          label={(v) => `${v}%`}
          marks={[{ value: 0, label: '0' }, { value: 50, label: '50' }, { value: 100, label: '100' }]}
          mb="md"
          data-testid="cloud-slider"
        />
        <Text size="xs" c="dimmed">
          {t('cloud.radarHint')}
        </Text>
      </div>

      <div>
        <Group gap="xs" grow wrap="nowrap">
          <TextInput
            type="date"
            size="xs"
            label={t('dates.from')}
            value={filters.dateFrom ?? ''}
            max={filters.dateTo ?? undefined}
            onChange={(e) => onChange({ dateFrom: e.currentTarget.value || null })}
            data-testid="date-from"
          />
          <TextInput
            type="date"
            size="xs"
            label={t('dates.to')}
            value={filters.dateTo ?? ''}
            min={filters.dateFrom ?? undefined}
            onChange={(e) => onChange({ dateTo: e.currentTarget.value || null })}
            error={dateError}
            data-testid="date-to"
          />
        </Group>
        <Group gap={6} mt={6} role="group" aria-label={t('dates.quick')}>
          {QUICK_PICKS.map((pick) => (
            <Button
              key={pick.key}
              size="compact-xs"
              variant="light"
              onClick={() => {
                const [dateFrom, dateTo] = lastMonths(pick.months, today());
                onChange({ dateFrom, dateTo });
              }}
            >
              {t(`dates.${pick.key}`)}
            </Button>
          ))}
          <Button size="compact-xs" variant="subtle" color="gray" onClick={() => onChange({ dateFrom: null, dateTo: null })}>
            {t('dates.any')}
          </Button>
        </Group>
      </div>

      <Select
        size="xs"
        label={t('resolution.label')}
        data={bandOptions}
        value={band ?? 'custom'}
        allowDeselect={false}
        onChange={(key) => {
          const chosen = RESOLUTION_BANDS.find((b) => b.key === key);
          if (chosen) onChange({ resolutionMin: chosen.min, resolutionMax: chosen.max });
        }}
        data-testid="resolution-select"
      />

      <div>
        <Text size="sm" fw={500} id={`${cloudId}-levels`}>
          {t('levels.label')}
        </Text>
        <Chip.Group multiple value={filters.productLevels} onChange={(productLevels) => onChange({ productLevels })}>
          <Group gap={6} mt={4} role="group" aria-labelledby={`${cloudId}-levels`} className={classes.chips}>
            {LEVELS.map((level) => (
              <Chip key={level} value={level} size="xs">
                {level}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Text size="xs" c="dimmed">
          {t('levels.hint')}
        </Text>
      </div>

      <Select
        size="xs"
        label={t('online.label')}
        data={[
          { value: 'any', label: t('online.any') },
          { value: 'yes', label: t('online.yes') },
          { value: 'no', label: t('online.no') },
        ]}
        value={filters.online === null ? 'any' : filters.online ? 'yes' : 'no'}
        allowDeselect={false}
        onChange={(v) => onChange({ online: v === 'yes' ? true : v === 'no' ? false : null })}
      />
    </Stack>
  );
}
