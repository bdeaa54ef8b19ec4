'use client';
/**
 * The pieces the verification lists share (spotAuto, spotConfirm, spotTrack): a stage badge that names its stage,
 * the due date with the days overdue in words, the stage chips with their counts, the filters, and the link to a
 * case's page.
 */
import { Badge, Button, Group, Pagination, Select, Text, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Link } from '@/i18n/navigation';
import { RegionPicker } from '@/components/regions/region-picker';
import { useDictionary } from '@/lib/client/queries/spots';
import { useBatches, type CaseListFilters } from '@/lib/client/queries/verification';
import type { CaseSummary } from '@/lib/shared/contracts/verification';
import { VERIFICATION_STATUSES, type VerificationStatus } from '@/lib/shared/workflow';
import type { VerifyRole } from './roles';
import { stageColor } from './stages';

/** The path of a case's page (spec §2 lawSpotDetail). */
export const caseHref = (id: string) => ({ pathname: '/verify/lawenforceinspect/lawSpotDetail', query: { id } }) as const;

/** A stage as a badge: its name is the text, the colour only repeats it. */
export function StageBadge({ stage, name }: { stage: VerificationStatus; name: string }) {
  return (
    <Badge
      color={stageColor(stage)}
      variant="light"
      tt="none"
      data-stage={stage}
      data-testid="stage-badge"
      // Long names wrap instead of being cut off.
      styles={{ root: { height: 'auto', paddingBlock: 2 }, label: { whiteSpace: 'normal', overflow: 'visible' } }}
    >
      {name}
    </Badge>
  );
}

/** The stage's due date, and how late when past it (in words, in red: not by colour alone). */
export function DueText({ c }: { c: Pick<CaseSummary, 'stageDue' | 'daysOverdue'> }) {
  const t = useTranslations('VerifyList');
  if (!c.stageDue)
    return (
      <Text span size="sm">
        {t('noDue')}
      </Text>
    );
  return (
    <Text span size="sm" c={c.daysOverdue > 0 ? 'red.8' : undefined} fw={c.daysOverdue > 0 ? 600 : undefined} data-testid="case-due">
      {c.stageDue}
      {c.daysOverdue > 0 ? ` · ${t('daysOverdue', { days: c.daysOverdue })}` : ''}
    </Text>
  );
}

/** The spot number as the link to its case page. */
export function CaseLink({ c }: { c: Pick<CaseSummary, 'id' | 'spotNo'> }) {
  const t = useTranslations('VerifyList');
  return (
    <Link href={caseHref(c.id)} aria-label={t('openCase', { spot: c.spotNo })} data-testid="case-link" style={{ overflowWrap: 'anywhere' }}>
      {c.spotNo}
    </Link>
  );
}

/**
 * The stages as toggle buttons with their counts (from the list's `stageCounts`): one stage, or all of them. The
 * count is part of the name, so a screen reader hears "Pushed, 42".
 */
export function StageChips({
  stages = VERIFICATION_STATUSES,
  counts,
  value,
  onChange,
}: {
  stages?: readonly VerificationStatus[];
  counts: Partial<Record<VerificationStatus, number>> | undefined;
  value: VerificationStatus | null;
  onChange: (stage: VerificationStatus | null) => void;
}) {
  const t = useTranslations('VerifyList');
  const names = useDictionary('VERIFY_STAGE').data ?? [];
  const nameOf = (s: VerificationStatus) => names.find((n) => n.itemValue === s)?.name ?? s;
  const total = counts ? stages.reduce((n, s) => n + (counts[s] ?? 0), 0) : null;
  const chip = (stage: VerificationStatus | null, label: string, count: number | null | undefined) => (
    <Button
      key={stage ?? 'all'}
      size="compact-sm"
      variant={value === stage ? 'filled' : 'default'}
      aria-pressed={value === stage}
      onClick={() => onChange(stage)}
      data-testid="stage-chip"
      data-stage={stage ?? 'all'}
    >
      {label}
      {count !== null && count !== undefined ? ` · ${count}` : ''}
    </Button>
  );
  return (
    <Group gap={6} role="group" aria-label={t('stagesLabel')} data-testid="stage-chips">
      {chip(null, t('allStages'), total)}
      {stages.map((s) => chip(s, nameOf(s), counts?.[s] ?? 0))}
    </Group>
  );
}

export interface FilterValue {
  batchId: string;
  region: string;
  verdict: string;
  changeType: string;
  overdue: '' | 'true' | 'false';
  q: string;
}

export const EMPTY_FILTERS: FilterValue = { batchId: '', region: '', verdict: '', changeType: '', overdue: '', q: '' };

/** The list query's filters from the form's (empty parts left out by the query layer). */
export function toListFilters(value: FilterValue): CaseListFilters {
  return {
    batchId: value.batchId || undefined,
    region: value.region || undefined,
    verdict: value.verdict || undefined,
    changeType: value.changeType || undefined,
    overdue: value.overdue || undefined,
    q: value.q.trim() || undefined,
  };
}

/**
 * Batch, region (within my roles' regions), verdict, change type, overdue and the spot number. The selects apply
 * at once; the spot number with the button or Enter, so typing does not query.
 */
export function CaseFilters({
  value,
  onApply,
  roles,
  show = ['batch', 'region', 'verdict', 'changeType', 'overdue', 'q'],
}: {
  value: FilterValue;
  onApply: (value: FilterValue) => void;
  roles: readonly VerifyRole[];
  show?: readonly ('batch' | 'region' | 'verdict' | 'changeType' | 'overdue' | 'q')[];
}) {
  const t = useTranslations('VerifyList.filters');
  const batches = useBatches().data ?? [];
  const verdicts = useDictionary('VERIFY_VERDICT').data ?? [];
  const changeTypes = useDictionary('SPOT_META_TYPE').data ?? [];
  const [q, setQ] = useState(value.q);
  const set = (patch: Partial<FilterValue>) => onApply({ ...value, ...patch, q });
  const has = (key: (typeof show)[number]) => show.includes(key);

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply({ ...value, q });
  }

  return (
    <form onSubmit={submit} role="search" aria-label={t('label')} data-testid="case-filters">
      <Group align="flex-end" gap="sm" wrap="wrap">
        {has('batch') ? (
          <Select
            label={t('batch')}
            w={{ base: '100%', xs: 260 }}
            data={[
              { value: '', label: t('allBatches') },
              ...batches.map((b) => ({ value: b.id, label: b.demo ? t('demoBatch', { name: b.name }) : b.name })),
            ]}
            value={value.batchId}
            allowDeselect={false}
            onChange={(v) => set({ batchId: v ?? '' })}
            data-testid="filter-batch"
          />
        ) : null}
        {has('region') ? (
          <RegionPicker
            label={t('region')}
            value={value.region || null}
            restrictTo={roles.length ? roles.map((r) => r.regionCode) : undefined}
            onChange={(code) => set({ region: code ?? '' })}
          />
        ) : null}
        {has('verdict') ? (
          <Select
            label={t('verdict')}
            w={{ base: '100%', xs: 170 }}
            data={[{ value: '', label: t('allVerdicts') }, ...verdicts.map((v) => ({ value: v.itemValue, label: v.name }))]}
            value={value.verdict}
            allowDeselect={false}
            onChange={(v) => set({ verdict: v ?? '' })}
          />
        ) : null}
        {has('changeType') ? (
          <Select
            label={t('changeType')}
            w={{ base: '100%', xs: 170 }}
            data={[{ value: '', label: t('allChangeTypes') }, ...changeTypes.map((v) => ({ value: v.itemValue, label: v.name }))]}
            value={value.changeType}
            allowDeselect={false}
            onChange={(v) => set({ changeType: v ?? '' })}
          />
        ) : null}
        {has('overdue') ? (
          <Select
            label={t('overdue')}
            w={{ base: '100%', xs: 150 }}
            data={[
              { value: '', label: t('overdueAll') },
              { value: 'true', label: t('overdueOnly') },
              { value: 'false', label: t('overdueNot') },
            ]}
            value={value.overdue}
            allowDeselect={false}
            onChange={(v) => set({ overdue: (v ?? '') as FilterValue['overdue'] })}
            data-testid="filter-overdue"
          />
        ) : null}
        {has('q') ? (
          <TextInput
            label={t('spotNo')}
            placeholder={t('spotNoPlaceholder')}
            maxLength={40}
            value={q}
            onChange={(e) => setQ(e.currentTarget.value.replace(/[^A-Za-z0-9_-]/g, ''))}
            style={{ flex: '1 1 160px' }}
            data-testid="filter-q"
          />
        ) : null}
        <Button type="submit" variant="light">
          {t('apply')}
        </Button>
        <Button
          variant="subtle"
          onClick={() => {
            setQ('');
            onApply(EMPTY_FILTERS);
          }}
        >
          {t('clear')}
        </Button>
      </Group>
    </form>
  );
}

/** The pages of a case list (nothing when one page holds it all). */
export function CasePager({
  total,
  pageSize,
  page,
  onChange,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
}) {
  const t = useTranslations('VerifyList');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return <Pagination total={pages} value={Math.min(page, pages)} onChange={onChange} aria-label={t('pages')} size="sm" siblings={0} />;
}
