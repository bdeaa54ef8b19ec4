'use client';

import { Badge, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ReviewItem, ReviewItemLine, ReviewQueue, useReviewQueue } from '@/components/workflow/review-queue';
import { FEEDBACK_ADMIN_PAGE_SIZE, useManagedFeedbackList } from '@/lib/client/queries/feedback-admin';
import { FEEDBACK_KEYWORD_MAX, type FeedbackStatus, type ManagedFeedbackItem } from '@/lib/shared/contracts/feedback';
import { FeedbackReplyDialog } from './feedback-reply-dialog';
import { FeedbackStatusBadge } from './feedback-status-badge';

type StatusFilter = 'all' | FeedbackStatus;
interface Filter {
  status: StatusFilter;
  keyword: string;
}

function FeedbackRow({ item, onOpen }: { item: ManagedFeedbackItem; onOpen: (id: string) => void }) {
  const t = useTranslations('FeedbackAdmin');
  const categories = useTranslations('Feedback.categories');
  const format = useFormatter();
  const author = item.author.realName ? `${item.author.realName} (${item.author.username})` : item.author.username;
  const replied = item.status === 'replied';
  return (
    <ReviewItem
      component="article"
      id={`feedback-admin-${item.id}`}
      title={item.title}
      badges={
        <Group gap={6}>
          {item.demo && (
            <Badge variant="outline" color="gray" tt="none">
              {t('demo')}
            </Badge>
          )}
          <FeedbackStatusBadge status={item.status} />
        </Group>
      }
      action={{
        label: replied ? t('changeAnswer') : t('answer'),
        ariaLabel: t('openLabel', { title: item.title }),
        onClick: () => onOpen(item.id),
        variant: replied ? 'default' : 'filled',
      }}
    >
      <ReviewItemLine muted>
        {t('number', { id: item.id })} · {t('from', { name: author })} ·{' '}
        {t('submittedAt', { date: format.dateTime(new Date(item.createdAt), 'moment') })} ·{' '}
        {t('category', { category: categories(item.category) })}
      </ReviewItemLine>
      <Text mt="xs" lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {item.content}
      </Text>
    </ReviewItem>
  );
}

/** The status filter (the work queue first) and the word search of the feedback queue. */
function FeedbackFilters({ value, onApply }: { value: Filter; onApply: (next: Filter) => void }) {
  const t = useTranslations('FeedbackAdmin');
  const [keywordInput, setKeywordInput] = useState(value.keyword);

  function search(event: FormEvent) {
    event.preventDefault();
    onApply({ ...value, keyword: keywordInput.trim() });
  }

  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="feedback-admin-filter">
          {t('filterLabel')}
        </Text>
        <SegmentedControl
          aria-labelledby="feedback-admin-filter"
          value={value.status}
          onChange={(status) => onApply({ ...value, status: status as StatusFilter })}
          data={(['received', 'replied', 'all'] as const).map((status) => ({ value: status, label: t(`filter.${status}`) }))}
        />
      </Stack>
      <form role="search" aria-label={t('searchLabel')} onSubmit={search} style={{ flex: '1 1 260px', maxWidth: 520 }}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            label={t('searchLabel')}
            placeholder={t('searchPlaceholder')}
            type="search"
            maxLength={FEEDBACK_KEYWORD_MAX}
            value={keywordInput}
            onChange={(e) => setKeywordInput(e.currentTarget.value)}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button type="submit" variant="light">
            {t('searchSubmit')}
          </Button>
        </Group>
      </form>
      {value.keyword && (
        <Button variant="subtle" onClick={() => (setKeywordInput(''), onApply({ ...value, keyword: '' }))}>
          {t('searchClear')}
        </Button>
      )}
    </Group>
  );
}

/**
 * Administrators' feedback screen: every user's feedback with its status, filtered by status and
 * searched by words, paged; an item opens in a dialog where the answer is written or changed.
 */
export function FeedbackAdmin() {
  const t = useTranslations('FeedbackAdmin');
  // The work queue first: what still waits for an answer.
  const queue = useReviewQueue<Filter>({ status: 'received', keyword: '' });
  const { filter } = queue;
  const list = useManagedFeedbackList({
    status: filter.status === 'all' ? null : filter.status,
    keyword: filter.keyword,
    pageNum: queue.page,
  });
  const filtered = filter.status !== 'all' || filter.keyword !== '';

  return (
    <ReviewQueue
      queue={queue}
      query={list}
      pageSize={FEEDBACK_ADMIN_PAGE_SIZE}
      title={t('title')}
      intro={t('intro')}
      listId="feedback-admin-list"
      listTitle={t('listTitle')}
      count={(data) => `${t('total', { total: data.total })} · ${t('unanswered', { count: data.unanswered })}`}
      countTestId="feedback-admin-counts"
      filters={<FeedbackFilters value={filter} onApply={queue.applyFilter} />}
      labels={{
        loading: t('loading'),
        loadFailed: t('loadFailed'),
        retry: t('retry'),
        pages: t('pages'),
        previousPage: t('previousPage'),
        nextPage: t('nextPage'),
      }}
      empty={{ text: filtered ? t('emptyFiltered') : t('empty'), testId: 'feedback-admin-empty' }}
      row={(item) => (
        <li key={item.id}>
          <FeedbackRow item={item} onOpen={queue.open} />
        </li>
      )}
      listTestId="feedback-admin-items"
      dialog={<FeedbackReplyDialog id={queue.openId} onClose={queue.close} />}
    />
  );
}
