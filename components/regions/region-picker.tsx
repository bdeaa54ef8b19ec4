'use client';

import { Button, Fieldset, Group, Select, Stack, Text, VisuallyHidden, type ComboboxItem, type OptionsFilter } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useEffectEvent, useMemo, type ReactNode } from 'react';
import { regionKeys, useRegionChildren, useRegionSelection, useRegionSelections } from '@/lib/client/queries/regions';
import {
  allowedByRanges,
  applyLevelChange,
  EMPTY_SELECTION,
  lockedLevels,
  RegionResolveError,
  restrictSelection,
  sameSelection,
  selectedCode,
  type RegionResolveFailure,
  type RegionSelection,
  type SelectionLevel,
} from '@/lib/shared/regions/auto-select';
import { CITIES_WITHOUT_COUNTIES, COUNTRY_CODE } from '@/lib/shared/regions/codes';
import classes from './region-picker.module.css';

export interface RegionPickerProps {
  /** Selected code (any level), controlled. */
  value: string | null;
  onChange: (code: string | null, selection: RegionSelection) => void;
  /** The user's area-range codes: options outside are hidden, levels with a single choice locked. */
  restrictTo?: readonly string[];
  /** Horizontal wraps on phones. */
  orientation?: 'horizontal' | 'vertical';
  /** Visible group label; without it the legend is for screen readers only. */
  label?: string;
}

const FAILURE_MESSAGES = {
  'invalid-code': 'invalidCode',
  'unknown-code': 'unknownCode',
  'missing-parent': 'missingParent',
  'parent-mismatch': 'parentMismatch',
} as const satisfies Record<RegionResolveFailure, string>;

const PLACEHOLDERS = { province: 'provincePlaceholder', city: 'cityPlaceholder', county: 'countyPlaceholder' } as const;

/** Search by the (localized) name or by the start of the code: typing 1301 finds Shijiazhuang. */
export const filterRegionOptions: OptionsFilter = ({ options, search }) => {
  const needle = search.trim().toLowerCase();
  if (!needle) return options;
  return options.filter((option) => 'group' in option || option.label.toLowerCase().includes(needle) || option.value.startsWith(needle));
};

function renderRegionOption({ option }: { option: ComboboxItem }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" w="100%">
      <span>{option.label}</span>
      <Text span size="xs" c="dimmed">
        {option.value}
      </Text>
    </Group>
  );
}

interface LevelSelectProps {
  level: SelectionLevel;
  /** Whose children are the options; null while the level above is unchosen or has no list. */
  parent: string | null;
  value: string | null;
  /** A leaf above (a city without counties): nothing to choose here. */
  leafAbove?: boolean;
  locked: boolean;
  /** The selection is being resolved from a code. */
  resolving: boolean;
  restrictTo: readonly string[] | undefined;
  onSelect: (level: SelectionLevel, code: string | null) => void;
}

function LevelSelect({ level, parent, value, leafAbove = false, locked, resolving, restrictTo, onSelect }: LevelSelectProps) {
  const t = useTranslations('RegionPicker');
  const children = useRegionChildren(parent);
  const options = useMemo(
    () =>
      (children.data ?? [])
        .filter((region) => allowedByRanges(region.code, restrictTo))
        .map((region) => ({ value: region.code, label: region.name })),
    [children.data, restrictTo],
  );
  const loading = resolving || (parent !== null && children.isPending);
  const empty = leafAbove || (children.isSuccess && options.length === 0);
  const placeholder = loading ? t('loading') : empty ? t('noChoices') : t(PLACEHOLDERS[level]);

  return (
    <Stack gap={4}>
      <Select
        label={t(level)}
        placeholder={placeholder}
        data={options}
        value={value}
        onChange={(code) => onSelect(level, code)}
        searchable
        clearable={!locked}
        readOnly={locked}
        disabled={!locked && (parent === null || loading || empty || children.isError)}
        loading={loading}
        aria-busy={loading}
        filter={filterRegionOptions}
        renderOption={renderRegionOption}
        nothingFoundMessage={t('nothingFound')}
        error={children.isError ? t('loadError') : undefined}
        data-testid={`region-${level}`}
      />
      {children.isError && (
        <Button variant="subtle" size="compact-sm" onClick={() => void children.refetch()} style={{ alignSelf: 'flex-start' }}>
          {t('retry')}
        </Button>
      )}
    </Stack>
  );
}

function ResolveFailure({ error, code, onRetry }: { error: Error; code: string; onRetry: () => void }) {
  const t = useTranslations('RegionPicker');
  const message = error instanceof RegionResolveError ? t(FAILURE_MESSAGES[error.reason], { code }) : t('resolveFailed', { code });
  return (
    <Group gap="xs" role="alert">
      <Text size="sm" c="red">
        {message}
      </Text>
      {!(error instanceof RegionResolveError) && (
        <Button variant="subtle" size="compact-sm" onClick={onRetry}>
          {t('retry')}
        </Button>
      )}
    </Group>
  );
}

const selectionKey = (selection: RegionSelection) => `${selection.province}/${selection.city}/${selection.county}`;

/**
 * Province → city → county, searchable by name or code. A `value` from outside (e.g. the URL) is
 * resolved by the auto-select rules (spec §4); `restrictTo` limits the choices to the user's area
 * ranges (spec §6) and fills in the levels they fix.
 */
export function RegionPicker({ value, onChange, restrictTo, orientation = 'horizontal', label }: RegionPickerProps) {
  const t = useTranslations('RegionPicker');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const resolved = useRegionSelection(value);
  const ranges = useRegionSelections(restrictTo);

  const current = value === null ? EMPTY_SELECTION : (resolved.data ?? EMPTY_SELECTION);
  const resolving = value !== null && resolved.isPending;
  const locked = lockedLevels(ranges.data);
  const shown = restrictSelection(current, restrictTo, locked);
  const settled = (value === null || resolved.isSuccess) && (restrictTo === undefined || !ranges.isPending);
  const forced = settled && !sameSelection(shown, current) ? shown : null;

  function choose(next: RegionSelection) {
    const code = selectedCode(next);
    // The selection is known already: seed it so the controlled value comes back without lookups.
    if (code !== null) queryClient.setQueryData<RegionSelection>(regionKeys.selection(locale, code), next);
    onChange(code, next);
  }

  // A value outside the user's ranges, or one that leaves a locked level, is replaced.
  const enforceLimits = useEffectEvent(() => {
    if (forced) choose(forced);
  });
  const forcedKey = forced && selectionKey(forced);
  useEffect(() => {
    if (forcedKey !== null) enforceLimits();
  }, [forcedKey]);

  const select = (level: SelectionLevel, code: string | null) => choose(applyLevelChange(shown, level, code));
  const cityIsLeaf = shown.city !== null && CITIES_WITHOUT_COUNTIES.has(shown.city);
  const common = { resolving, restrictTo, onSelect: select };

  const legend: ReactNode = label ?? <VisuallyHidden>{t('legend')}</VisuallyHidden>;

  return (
    <Fieldset legend={legend} variant="unstyled" data-testid="region-picker">
      <Stack gap="xs">
        {value !== null && resolved.isError && (
          <ResolveFailure error={resolved.error} code={value} onRetry={() => void resolved.refetch()} />
        )}
        <div className={classes.levels} data-orientation={orientation}>
          <LevelSelect level="province" parent={COUNTRY_CODE} value={shown.province} locked={locked.province !== null} {...common} />
          <LevelSelect level="city" parent={shown.province} value={shown.city} locked={locked.city !== null} {...common} />
          <LevelSelect
            level="county"
            parent={cityIsLeaf ? null : shown.city}
            value={shown.county}
            leafAbove={cityIsLeaf}
            locked={locked.county !== null}
            {...common}
          />
        </div>
      </Stack>
    </Fieldset>
  );
}
