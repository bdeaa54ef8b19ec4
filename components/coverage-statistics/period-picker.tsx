'use client';

import { Checkbox, Group, NativeSelect, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { COVERAGE_STATS_LIMITS, monthSpan } from '@/lib/shared/contracts/coverage-statistics';
import {
  comparisonEnd,
  isTerm,
  periodMonths,
  PERIOD_UNITS,
  shiftTerm,
  termDistance,
  termOfMonth,
  type CoverageScreenState,
  type PeriodUnit,
} from './state';
import classes from './coverage.module.css';

type Period = Pick<CoverageScreenState, 'unit' | 'from' | 'to' | 'vs'>;

/** How far back the quarter and year lists reach. */
const YEARS_BACK = 10;

/** A term in the reader's language: `2026 Q3` / `2026年第3季度`, `2026-07` / `2026年7月`, `2026` / `2026年`. */
export function useTermLabel() {
  const t = useTranslations('CoverageScreen');
  return (unit: PeriodUnit, term: string) => {
    const year = term.slice(0, 4);
    if (unit === 'quarter') return t('term.quarter', { year, q: term.slice(5) });
    if (unit === 'month') return t('term.month', { year, month: term.slice(5, 7) });
    return t('term.year', { year });
  };
}

/** The terms a list offers, newest first, up to `latest`. */
function termsUpTo(unit: Exclude<PeriodUnit, 'month'>, latest: string): string[] {
  const count = unit === 'year' ? YEARS_BACK + 1 : (YEARS_BACK + 1) * 4;
  return Array.from({ length: count }, (_, i) => shiftTerm(unit, latest, -i));
}

/**
 * Normalises a period after one of its parts changed: the end not before the start, the period at most the API's
 * longest, the comparison start a term of the unit.
 */
export function normalisePeriod(next: Period): Period {
  let { to } = next;
  if (!isTerm(next.unit, to) || termDistance(next.unit, next.from, to) < 0) to = next.from;
  const range = periodMonths(next.from, to);
  if (!range || monthSpan(range) > COVERAGE_STATS_LIMITS.maxMonths) to = next.from;
  return { ...next, to };
}

/** The same months in another unit: the terms holding the first and the last month. */
export function convertPeriod(period: Period, unit: PeriodUnit): Period {
  const range = periodMonths(period.from, period.to);
  if (!range) return period;
  const from = termOfMonth(unit, range.from);
  const to = termOfMonth(unit, range.to);
  const vsRange = period.vs ? periodMonths(period.vs, period.vs) : null;
  return normalisePeriod({ unit, from, to, vs: vsRange ? termOfMonth(unit, vsRange.from) : null });
}

/** One term: a month field (the browser's month picker, as the other screens' date fields) or a list of quarters or years. */
function TermField({
  unit,
  label,
  value,
  latest,
  onChange,
}: {
  unit: PeriodUnit;
  label: string;
  value: string;
  latest: string;
  onChange: (term: string) => void;
}) {
  const termLabel = useTermLabel();
  if (unit === 'month')
    return (
      <TextInput
        type="month"
        label={label}
        value={value}
        min={`${COVERAGE_STATS_LIMITS.minYear}-01`}
        max={latest}
        className={classes.termField}
        onChange={(e) => {
          const term = e.currentTarget.value;
          if (isTerm('month', term)) onChange(term);
        }}
      />
    );
  return (
    <NativeSelect
      label={label}
      value={value}
      className={classes.termField}
      data={termsUpTo(unit, latest).map((term) => ({ value: term, label: termLabel(unit, term) }))}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}

/**
 * The period: its unit (month, quarter, year), a start and an end (the same for one term), and optionally an
 * earlier period of the same length to compare with.
 */
export function PeriodPicker({
  period,
  latest,
  onChange,
}: {
  period: Period;
  /** The newest term of each unit offered. */
  latest: Record<PeriodUnit, string>;
  onChange: (next: Period) => void;
}) {
  const t = useTranslations('CoverageScreen');
  const termLabel = useTermLabel();
  const unitId = useId();
  const { unit } = period;
  const length = termDistance(unit, period.from, period.to);
  const set = (patch: Partial<Period>) => onChange(normalisePeriod({ ...period, ...patch }));
  const defaultVs = shiftTerm(unit, period.from, -(length + 1));
  return (
    <Stack gap={6}>
      <div>
        <Text component="span" id={unitId} size="sm" fw={500} display="block" mb={4}>
          {t('unit')}
        </Text>
        <SegmentedControl
          size="xs"
          aria-labelledby={unitId}
          value={unit}
          data={PERIOD_UNITS.map((u) => ({ value: u, label: t(`units.${u}`) }))}
          onChange={(value) => onChange(convertPeriod(period, value as PeriodUnit))}
          data-testid="coverage-unit"
        />
      </div>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TermField unit={unit} label={t('from')} value={period.from} latest={latest[unit]} onChange={(from) => set({ from })} />
        <TermField unit={unit} label={t('to')} value={period.to} latest={latest[unit]} onChange={(to) => set({ to })} />
      </Group>
      <Checkbox
        label={t('compare')}
        checked={period.vs !== null}
        onChange={(e) => set({ vs: e.currentTarget.checked ? defaultVs : null })}
        data-testid="coverage-compare"
      />
      {period.vs !== null ? (
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TermField unit={unit} label={t('compareFrom')} value={period.vs} latest={latest[unit]} onChange={(vs) => set({ vs })} />
          {length > 0 ? (
            <Text size="sm" pb={6}>
              {t('range', {
                from: termLabel(unit, period.vs),
                to: termLabel(unit, comparisonEnd(unit, period.from, period.to, period.vs)),
              })}
            </Text>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}
