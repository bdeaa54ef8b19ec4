'use client';

import { Button, Group, Select, TextInput } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';

export interface ReviewFilterValue {
  status: string;
  user: string;
  dateFrom: string;
  dateTo: string;
}

export const EMPTY_FILTER: ReviewFilterValue = { status: '', user: '', dateFrom: '', dateTo: '' };

/**
 * The filters of the orders' and applications' review queues: status (a dictionary's items), user (name, organisation or
 * code), submitted from / to (days). Applied with the button (or Enter), so typing does not query.
 */
export function ReviewFilters({
  statuses,
  value,
  onApply,
  testId,
}: {
  statuses: readonly { value: string; label: string }[];
  value: ReviewFilterValue;
  onApply: (value: ReviewFilterValue) => void;
  testId: string;
}) {
  const t = useTranslations('Workflow.filters');
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
