'use client';

import { Text, Timeline, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormatter, useTranslations } from 'next-intl';

export interface HistoryEntry {
  toStatusName: string;
  by: string | null;
  note: string | null;
  at: string;
}

/** Every status change of a workflow's subject with who and when (orders, applications, feedback alike). */
export function StatusHistory({ entries, labelledBy }: { entries: readonly HistoryEntry[]; labelledBy: string }) {
  const t = useTranslations('Workflow.history');
  const format = useFormatter();
  return (
    <Timeline
      active={entries.length - 1}
      bulletSize={12}
      lineWidth={2}
      aria-labelledby={labelledBy}
      component="ol"
      data-testid="status-history"
    >
      {entries.map((entry, i) => (
        <Timeline.Item key={i} title={entry.toStatusName} component="li">
          <Text size="xs" c="gray.7">
            {format.dateTime(new Date(entry.at), 'moment')} ·{' '}
            {entry.by ? t('by', { user: entry.by }) : t('system')}
          </Text>
          {entry.note ? (
            <Text size="sm" mt={2} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {entry.note}
            </Text>
          ) : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/** The history as a titled section of a detail (the section is labelled by its title). */
export function StatusHistorySection({ id, title, entries }: { id: string; title: ReactNode; entries: readonly HistoryEntry[] }) {
  return (
    <section aria-labelledby={id}>
      <Title order={3} size="h6" id={id} mb="xs">
        {title}
      </Title>
      <StatusHistory entries={entries} labelledBy={id} />
    </section>
  );
}
