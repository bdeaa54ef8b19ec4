'use client';

import { Button, Group, Select, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import type { ManagedListFilter } from '@/lib/client/queries/managed-list';
import { useDictionary } from '@/lib/client/queries/spots';

export interface ReviewFilterValue {
  status: string;
  user: string;
  dateFrom: string;
  dateTo: string;
}

export const EMPTY_FILTER: ReviewFilterValue = { status: '', user: '', dateFrom: '', dateTo: '' };

/** The list query's filter of what the screen holds: empty parts left out, the status as the machine's number. */
export function managedListFilter<S extends number>(filter: ReviewFilterValue, pageNum: number): ManagedListFilter<S> {
  return {
    status: filter.status ? (Number(filter.status) as S) : null,
    user: filter.user.trim(),
    dateFrom: filter.dateFrom || null,
    dateTo: filter.dateTo || null,
    pageNum,
  };
}

/**
 * The filters of the orders' and applications' review queues: status (the items of the workflow's
 * dictionary), user (name, organisation or code), submitted from / to (days). Applied with the button (or
 * Enter), so typing does not query.
 */
export function ReviewFilters({
  dictionary,
  value,
  onApply,
  testId,
}: {
  /** The dictionary naming the workflow's states (its machine's `dictionary`). */
  dictionary: string;
  value: ReviewFilterValue;
  onApply: (value: ReviewFilterValue) => void;
  testId: string;
}) {
  const t = useTranslations('Workflow.filters');
  const statuses = (useDictionary(dictionary).data ?? []).map((s) => ({ value: s.itemValue, label: s.name }));
  const [draft, setDraft] = useState(value);
  const set = (key: keyof ReviewFilterValue) => (next: string) => setDraft((d) => ({ ...d, [key]: next }));

  function apply(event: FormEvent) {
    event.preventDefault();
    onApply(draft);
  }

  return (
    <form onSubmit={apply} role="search" aria-label={t('label')} data-testid={testId}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('status')}
          w={170}
          data={[{ value: '', label: t('allStatuses') }, ...statuses]}
          value={draft.status}
          allowDeselect={false}
          onChange={(v) => {
            const next = { ...draft, status: v ?? '' };
            setDraft(next);
            onApply(next);
          }}
        />
        <TextInput
          label={t('user')}
          placeholder={t('userPlaceholder')}
          maxLength={64}
          value={draft.user}
          onChange={(e) => set('user')(e.currentTarget.value)}
          style={{ flex: '1 1 180px' }}
        />
        <TextInput
          type="date"
          label={t('dateFrom')}
          value={draft.dateFrom}
          onChange={(e) => set('dateFrom')(e.currentTarget.value)}
          w={160}
        />
        <TextInput type="date" label={t('dateTo')} value={draft.dateTo} onChange={(e) => set('dateTo')(e.currentTarget.value)} w={160} />
        <Button type="submit" variant="light">
          {t('apply')}
        </Button>
        <Button
          variant="subtle"
          onClick={() => {
            setDraft(EMPTY_FILTER);
            onApply(EMPTY_FILTER);
          }}
        >
          {t('clear')}
        </Button>
      </Group>
    </form>
  );
}
