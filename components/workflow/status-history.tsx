'use client';

import { Text, Timeline } from '@mantine/core';
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
            {format.dateTime(new Date(entry.at), { dateStyle: 'medium', timeStyle: 'short' })} ·{' '}
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
