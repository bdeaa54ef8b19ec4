'use client';

import { Alert, Button, Divider, Group, Paper, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { DetailModal } from '@/components/ui/detail-modal';
import { ApiClientError } from '@/lib/client/api';
import { feedbackAdminKeys, saveFeedbackReply, useManagedFeedback } from '@/lib/client/queries/feedback-admin';
import { useIssueText } from '@/lib/client/use-issue-text';
import { StatusHistorySection } from '@/components/workflow/status-history';
import { FEEDBACK_REPLY_MAX, replyFeedbackBodySchema, toPlainText, type ManagedFeedbackItem } from '@/lib/shared/contracts/feedback';
import { FeedbackStatusBadge } from './feedback-status-badge';

type Notice = { kind: 'saved' } | { kind: 'failed'; message: string };

function ReplyForm({ item }: { item: ManagedFeedbackItem }) {
  const t = useTranslations('FeedbackAdmin');
  const client = useTranslations('Client');
  const format = useFormatter();
  const issueText = useIssueText();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(item.reply ?? '');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);
  const when = (iso: string) => format.dateTime(new Date(iso), 'moment');
  const count = toPlainText(draft).length;

  const check = (value: string) => {
    const result = replyFeedbackBodySchema.safeParse({ reply: value });
    return result.success ? null : issueText(result.error.issues[0]!);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = check(draft);
    setError(problem);
    if (problem) {
      document.getElementById('feedback-reply')?.focus();
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const saved = await saveFeedbackReply(item.id, draft);
      queryClient.setQueryData(feedbackAdminKeys.one(item.id), saved);
      void queryClient.invalidateQueries({ queryKey: feedbackAdminKeys.lists() });
      setDraft(saved.reply ?? '');
      setNotice({ kind: 'saved' });
    } catch (failure) {
      // A 401 has already sent the user home with a warning.
      if (failure instanceof ApiClientError && failure.silent) return;
      setNotice({ kind: 'failed', message: failure instanceof Error && failure.message ? failure.message : client('unknownError') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} noValidate aria-label={t('replyLabel')}>
      <Stack gap="sm">
        {item.reply && (
          <Paper bg="gray.0" radius="sm" p="sm" component="section" aria-labelledby="feedback-current-reply">
            <Text fw={600} size="sm" id="feedback-current-reply">
              {t('currentReply')}
            </Text>
            <Text size="sm" c="gray.7" data-testid="feedback-replied-by">
              {item.repliedAt &&
                (item.repliedBy
                  ? t('repliedBy', { user: item.repliedBy, date: when(item.repliedAt) })
                  : t('repliedAt', { date: when(item.repliedAt) }))}
            </Text>
            <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {item.reply}
            </Text>
          </Paper>
        )}
        <Textarea
          id="feedback-reply"
          label={t('replyLabel')}
          required
          autosize
          minRows={5}
          maxRows={14}
          value={draft}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setDraft(value);
            if (error) setError(check(value));
            if (notice?.kind === 'saved') setNotice(null);
          }}
          error={error}
          description={
            <>
              <span
                aria-hidden="true"
                style={count > FEEDBACK_REPLY_MAX ? { color: 'var(--mantine-color-red-8)', fontWeight: 600 } : undefined}
              >
                {t('replyHint', { max: FEEDBACK_REPLY_MAX })} · {t('counter', { count, max: FEEDBACK_REPLY_MAX })}
              </span>
              <VisuallyHidden>
                {t('replyHint', { max: FEEDBACK_REPLY_MAX })} {t('counterLabel', { count, max: FEEDBACK_REPLY_MAX })}
              </VisuallyHidden>
            </>
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        {notice && (
          <Alert
            color={notice.kind === 'saved' ? 'green' : 'red'}
            role={notice.kind === 'saved' ? 'status' : 'alert'}
            data-testid="feedback-reply-notice"
          >
            {notice.kind === 'saved' ? t('saved') : t('saveFailed', { message: notice.message })}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={busy}>
            {item.reply ? t('saveEdit') : t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One feedback in full, with its status history and the form that answers it (or changes the answer). */
export function FeedbackReplyDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useTranslations('FeedbackAdmin');
  const categories = useTranslations('Feedback.categories');
  const history = useTranslations('Workflow.history');
  const format = useFormatter();

  return (
    <DetailModal
      id={id}
      onClose={onClose}
      query={useManagedFeedback(id)}
      title={(item) => item.title}
      labels={{ loading: t('loading'), close: t('close') }}
    >
      {(item) => (
        <Stack gap="md">
          <Group gap="xs" wrap="wrap">
            <FeedbackStatusBadge status={item.status} />
            <Text size="sm" c="gray.7">
              {t('number', { id: item.id })}
            </Text>
          </Group>
          <Stack gap={2}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {t('from', { name: item.author.realName ? `${item.author.realName} (${item.author.username})` : item.author.username })}
              {item.author.organization ? ` · ${item.author.organization}` : ''}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {item.contact ? t('contact', { contact: item.contact }) : t('noContact')}
            </Text>
            <Text size="sm" c="gray.7">
              {t('submittedAt', { date: format.dateTime(new Date(item.createdAt), 'moment') })} ·{' '}
              {t('category', { category: categories(item.category) })} · {t('language', { language: t(`languages.${item.locale}`) })}
            </Text>
          </Stack>
          <section aria-labelledby="feedback-content-title">
            <Text fw={600} size="sm" id="feedback-content-title">
              {t('contentTitle')}
            </Text>
            <Text mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {item.content}
            </Text>
          </section>
          <StatusHistorySection id="feedback-history-title" title={history('title')} entries={item.history} chain={item.chain} />
          <Divider />
          <ReplyForm key={item.id} item={item} />
        </Stack>
      )}
    </DetailModal>
  );
}
