'use client';

import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useFormatter, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { PagedList } from '@/components/ui/paged-list';
import { FEEDBACK_ADMIN_PAGE_SIZE, useManagedFeedbackList } from '@/lib/client/queries/feedback-admin';
import { FEEDBACK_KEYWORD_MAX, type FeedbackStatus, type ManagedFeedbackItem } from '@/lib/shared/contracts/feedback';
import { FeedbackReplyDialog } from './feedback-reply-dialog';
import { FeedbackStatusBadge } from './feedback-status-badge';

type StatusFilter = 'all' | FeedbackStatus;

function FeedbackRow({ item, onOpen }: { item: ManagedFeedbackItem; onOpen: (id: string) => void }) {
  const t = useTranslations('FeedbackAdmin');
  const categories = useTranslations('Feedback.categories');
  const format = useFormatter();
  const author = item.author.realName ? `${item.author.realName} (${item.author.username})` : item.author.username;
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={`feedback-admin-${item.id}`}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Title order={3} size="h5" id={`feedback-admin-${item.id}`} style={{ overflowWrap: 'anywhere' }}>
          {item.title}
        </Title>
        <Group gap={6}>
          {item.demo && (
            <Badge variant="outline" color="gray" tt="none">
              {t('demo')}
            </Badge>
          )}
          <FeedbackStatusBadge status={item.status} />
        </Group>
      </Group>
      <Text size="sm" c="gray.7" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {t('number', { id: item.id })} · {t('from', { name: author })} ·{' '}
        {t('submittedAt', { date: format.dateTime(new Date(item.createdAt), { dateStyle: 'medium', timeStyle: 'short' }) })} ·{' '}
        {t('category', { category: categories(item.category) })}
      </Text>
      <Text mt="xs" lineClamp={3} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {item.content}
      </Text>
      <Button
        mt="sm"
        size="compact-md"
        variant={item.status === 'replied' ? 'default' : 'filled'}
        onClick={() => onOpen(item.id)}
        aria-label={t('openLabel', { title: item.title })}
      >
        {item.status === 'replied' ? t('changeAnswer') : t('answer')}
      </Button>
    </Paper>
  );
}

/**
 * Administrators' feedback screen: every user's feedback with its status, filtered by status and
 * searched by words, paged; an item opens in a dialog where the answer is written or changed.
 */
export function FeedbackAdmin() {
  const t = useTranslations('FeedbackAdmin');
  // The work queue first: what still waits for an answer.
  const [status, setStatus] = useState<StatusFilter>('received');
  const [keywordInput, setKeywordInput] = useState('');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const list = useManagedFeedbackList({ status: status === 'all' ? null : status, keyword, pageNum: page });
  const data = list.data;
  const filtered = status !== 'all' || keyword !== '';

  function search(event: FormEvent) {
    event.preventDefault();
    setKeyword(keywordInput.trim());
    setPage(1);
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('title')}</Title>
        <Text size="lg" mt="xs">
          {t('intro')}
        </Text>
      </div>

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="feedback-admin-list">
        <Stack gap="md">
          <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
            <Title order={2} size="h4" id="feedback-admin-list">
              {t('listTitle')}
            </Title>
            {data && (
              <Text size="sm" c="gray.7" data-testid="feedback-admin-counts">
                {t('total', { total: data.total })} · {t('unanswered', { count: data.unanswered })}
              </Text>
            )}
          </Group>
          <Group align="flex-end" gap="md" wrap="wrap">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="feedback-admin-filter">
                {t('filterLabel')}
              </Text>
              <SegmentedControl
                aria-labelledby="feedback-admin-filter"
                value={status}
                onChange={(value) => (setStatus(value as StatusFilter), setPage(1))}
                data={(['received', 'replied', 'all'] as const).map((value) => ({ value, label: t(`filter.${value}`) }))}
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
            {keyword && (
              <Button variant="subtle" onClick={() => (setKeyword(''), setKeywordInput(''), setPage(1))}>
                {t('searchClear')}
              </Button>
            )}
          </Group>

          <PagedList
            query={list}
            data={data}
            page={page}
            pageSize={FEEDBACK_ADMIN_PAGE_SIZE}
            onPage={setPage}
            labels={{
              loading: t('loading'),
              loadFailed: t('loadFailed'),
              retry: t('retry'),
              pages: t('pages'),
              previousPage: t('previousPage'),
              nextPage: t('nextPage'),
            }}
            empty={
              <Text c="gray.7" data-testid="feedback-admin-empty">
                {filtered ? t('emptyFiltered') : t('empty')}
              </Text>
            }
            row={(item) => (
              <li key={item.id}>
                <FeedbackRow item={item} onOpen={setOpenId} />
              </li>
            )}
            listTestId="feedback-admin-items"
          />
        </Stack>
      </Paper>

      <FeedbackReplyDialog id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
