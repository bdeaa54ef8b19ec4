'use client';

import { Alert, Badge, Button, Group, Pagination, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { FEEDBACK_PAGE_SIZE, useOwnFeedback } from '@/lib/client/queries/feedback';
import type { FeedbackItem } from '@/lib/shared/contracts/feedback';

function FeedbackEntry({ item }: { item: FeedbackItem }) {
  const t = useTranslations('Feedback');
  const format = useFormatter();
  const when = (iso: string) =>
    format.dateTime(new Date(iso), 'moment');
  const replied = item.status === 'replied';
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={`feedback-${item.id}`} data-testid="feedback-item">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Title order={3} size="h5" id={`feedback-${item.id}`} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Title>
        <Group gap={6}>
          {item.demo && (
            <Badge variant="outline" color="gray">
              {t('demo')}
            </Badge>
          )}
          {/* Status in words with a symbol; the colour only repeats it. */}
          <Badge color={replied ? 'green' : 'blue'} variant="light" data-testid="feedback-status">
            <span aria-hidden="true">{replied ? '✓ ' : '… '}</span>
            {t(`status.${item.status}`)}
          </Badge>
        </Group>
      </Group>
      <Text size="sm" c="gray.7" mt={4}>
        {t('categoryOf', { category: t(`categories.${item.category}`) })} · {t('submittedAt', { date: when(item.createdAt) })}
      </Text>
      <Text mt="xs" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {item.content}
      </Text>
      {item.contact && (
        <Text size="sm" c="gray.7" mt={4}>
          {t('contactOf', { contact: item.contact })}
        </Text>
      )}
      {replied && item.reply ? (
        <Paper bg="gray.0" radius="sm" p="sm" mt="sm" component="section" aria-label={t('reply')}>
          <Text fw={600} size="sm">
            {t('reply')}
            {item.repliedAt ? (
              <Text span c="gray.7" fw={400} size="sm">{` · ${t('repliedAt', { date: when(item.repliedAt) })}`}</Text>
            ) : null}
          </Text>
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {item.reply}
          </Text>
        </Paper>
      ) : (
        <Text size="sm" c="gray.7" mt="xs">
          {t('awaiting')}
        </Text>
      )}
    </Paper>
  );
}

/** "My feedback": the signed-in user's own items with status and replies, paged, with loading, empty and error states. */
export function FeedbackList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const t = useTranslations('Feedback');
  const query = useOwnFeedback(page);
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / FEEDBACK_PAGE_SIZE)) : 1;

  return (
    <Stack gap="sm" component="section" aria-labelledby="feedback-mine-title" aria-busy={query.isFetching}>
      <Group justify="space-between" align="baseline">
        <Title id="feedback-mine-title" order={2} size="h3">
          {t('mineTitle')}
        </Title>
        {data && data.total > 0 && (
          <Text c="gray.7" size="sm">
            {t('mineCount', { total: data.total })}
          </Text>
        )}
      </Group>
      {query.isPending ? (
        <Stack gap="sm" role="status" aria-label={t('loading')}>
          <Skeleton h={96} radius="md" />
          <Skeleton h={96} radius="md" />
        </Stack>
      ) : query.isError && !data ? (
        <Alert color="red" role="alert" title={t('loadFailed')}>
          <Button variant="light" color="red" size="xs" mt="xs" onClick={() => query.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : !data || data.total === 0 ? (
        <Text c="gray.7" data-testid="feedback-empty">
          {t('empty')}
        </Text>
      ) : (
        <>
          {data.list.map((item) => (
            <FeedbackEntry key={item.id} item={item} />
          ))}
          {pages > 1 && (
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={onPage}
              aria-label={t('pages')}
              getControlProps={(control) =>
                control === 'previous' ? { 'aria-label': t('previousPage') } : control === 'next' ? { 'aria-label': t('nextPage') } : {}
              }
            />
          )}
        </>
      )}
    </Stack>
  );
}
