'use client';

import { Code, Text, Timeline, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import type { ChainCheckAnswer } from '@/lib/shared/workflow/history';

export interface HistoryEntry {
  toStatusName: string;
  by: string | null;
  note: string | null;
  at: string;
  /** In what capacity the change was made, already in words (e.g. "as city reviewer"), where a workflow has roles. */
  role?: string | null;
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
      // An ordered list for assistive technology; the timeline's bullets are its marks (the numbers stuck out left of them).
      style={{ listStyleType: 'none' }}
      data-testid="status-history"
    >
      {entries.map((entry, i) => (
        <Timeline.Item key={i} title={entry.toStatusName} component="li">
          <Text size="xs" c="gray.7">
            {format.dateTime(new Date(entry.at), 'moment')} · {entry.by ? t('by', { user: entry.by }) : t('system')}
            {entry.role ? ` · ${entry.role}` : null}
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

/** How many hex characters of the head hash are shown: enough to compare by eye, short enough for a phone. */
export const HEAD_SHOWN = 12;

/**
 * Whether the history is as it was written (issue 33.5: each row's hash covers the one before it): "intact"
 * with the start of the last row's hash, or the step where it was altered. A mark and words, never colour alone.
 */
export function ChainStatus({ chain }: { chain: ChainCheckAnswer }) {
  const t = useTranslations('Workflow.history');
  const head = chain.head?.slice(0, HEAD_SHOWN);
  return (
    <Text size="xs" mt="xs" c={chain.intact ? 'gray.7' : 'red.8'} data-testid="chain-status" data-intact={chain.intact}>
      <span aria-hidden="true">{chain.intact ? '✓ ' : '⚠ '}</span>
      <Text span inherit fw={chain.intact ? undefined : 600}>
        {chain.intact
          ? t('chainIntact')
          : t(chain.brokenAt.reason === 'content' ? 'chainChanged' : 'chainGap', { step: chain.brokenAt.position })}
      </Text>
      {head ? (
        <>
          {' · '}
          {t('chainHead')}{' '}
          <Code title={chain.head ?? undefined} style={{ fontSize: 'inherit' }}>
            {head}
          </Code>
        </>
      ) : null}
    </Text>
  );
}

/** The history as a titled section of a detail (the section is labelled by its title), with its chain check. */
export function StatusHistorySection({
  id,
  title,
  entries,
  chain,
}: {
  id: string;
  title: ReactNode;
  entries: readonly HistoryEntry[];
  chain?: ChainCheckAnswer;
}) {
  return (
    <section aria-labelledby={id}>
      <Title order={3} size="h6" id={id} mb="xs">
        {title}
      </Title>
      <StatusHistory entries={entries} labelledBy={id} />
      {chain ? <ChainStatus chain={chain} /> : null}
    </section>
  );
}
