'use client';

import { Alert, Button, NativeSelect, Paper, Stack, Text, TextInput, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiClientError } from '@/lib/client/api';
import { submitFeedback } from '@/lib/client/queries/feedback';
import { useIssueText } from '@/lib/client/use-issue-text';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_LIMITS,
  submitFeedbackBodySchema,
  type FeedbackInput,
  type FeedbackItem,
} from '@/lib/shared/contracts/feedback';

type Field = 'category' | 'title' | 'content' | 'contact';
/** The form's order, which is also the order errors are checked and focused in. */
const FIELDS: readonly Field[] = ['category', 'title', 'content', 'contact'];
type Draft = Record<Field, string>;
const fieldId = (field: Field) => `feedback-${field}`;
const EMPTY: Draft = { category: '', title: '', content: '', contact: '' };

type Notice =
  { kind: 'sent'; id: string } | { kind: 'failed'; message: string } | { kind: 'invalid'; count: number } | { kind: 'restored' };

function readDraft(key: string): Draft | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Draft>;
    const draft = Object.fromEntries(FIELDS.map((f) => [f, typeof parsed[f] === 'string' ? parsed[f] : ''])) as Draft;
    return FIELDS.some((f) => draft[f]) ? draft : null;
  } catch {
    return null;
  }
}

function writeDraft(key: string, draft: Draft | null) {
  try {
    if (draft && FIELDS.some((f) => draft[f])) window.sessionStorage.setItem(key, JSON.stringify(draft));
    else window.sessionStorage.removeItem(key);
  } catch {
    // Storage may be full or disabled; the draft then lives only in the form.
  }
}

/** The body to send, or the first error of each field (in the form's order). */
function validate(
  draft: Draft,
  issueText: ReturnType<typeof useIssueText>,
): { body: FeedbackInput | null; errors: Partial<Record<Field, string>> } {
  const result = submitFeedbackBodySchema.safeParse(draft);
  if (result.success) return { body: result.data, errors: {} };
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    if (FIELDS.includes(field) && !errors[field]) errors[field] = issueText(issue);
  }
  return { body: null, errors };
}

/**
 * The feedback form (spec §6 MOD_054): labelled fields with counters, checked in order on submit and
 * then as the user types, disabled while sending. The draft is kept in the form on failure and in
 * session storage, so even an expired login (which leaves the page) loses nothing.
 */
export function FeedbackForm({ draftKey, onSent }: { draftKey: string; onSent: (item: FeedbackItem) => void }) {
  const t = useTranslations('Feedback');
  const client = useTranslations('Client');
  const issueText = useIssueText();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const saved = readDraft(draftKey);
    if (!saved) return;
    // Session storage exists only in the browser, so the draft comes back after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setDraft(saved);
    setNotice({ kind: 'restored' });
  }, [draftKey]);

  useEffect(() => {
    if (notice?.kind === 'sent' || notice?.kind === 'failed') noticeRef.current?.focus();
  }, [notice]);

  const update = (field: Field) => (value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    writeDraft(draftKey, next);
    if (checked) setErrors(validate(next, issueText).errors);
    if (notice?.kind === 'sent' || notice?.kind === 'restored') setNotice(null);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    const { body, errors: found } = validate(draft, issueText);
    setErrors(found);
    const invalid = FIELDS.filter((f) => found[f]);
    if (!body || invalid.length) {
      setNotice({ kind: 'invalid', count: invalid.length });
      document.getElementById(fieldId(invalid[0]!))?.focus();
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      const item = await submitFeedback({ ...body, contact: body.contact || null });
      writeDraft(draftKey, null);
      setDraft(EMPTY);
      setChecked(false);
      setNotice({ kind: 'sent', id: item.id });
      onSent(item);
    } catch (error) {
      // A 401 has already sent the user home with a warning; the draft waits in session storage.
      if (error instanceof ApiClientError && error.silent) return;
      setNotice({ kind: 'failed', message: error instanceof Error && error.message ? error.message : client('unknownError') });
    } finally {
      setBusy(false);
    }
  }

  const counter = (value: string, max: number, min?: number) => {
    const count = value.trim().length;
    return (
      <>
        <span aria-hidden="true" style={count > max ? { color: 'var(--mantine-color-red-8)', fontWeight: 600 } : undefined}>
          {min ? `${t('contentHint', { min })} · ` : ''}
          {t('counter', { count, max })}
        </span>
        <VisuallyHidden>
          {min ? `${t('contentHint', { min })}, ` : ''}
          {t('counterLabel', { count, max })}
        </VisuallyHidden>
      </>
    );
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="feedback-form-title">
      <Title id="feedback-form-title" order={2} size="h3" mb="sm">
        {t('formTitle')}
      </Title>
      <form onSubmit={submit} noValidate aria-label={t('formLabel')}>
        <Stack gap="md">
          {notice && (
            <Alert
              ref={noticeRef}
              tabIndex={-1}
              color={notice.kind === 'sent' ? 'green' : notice.kind === 'restored' ? 'blue' : 'red'}
              role={notice.kind === 'sent' || notice.kind === 'restored' ? 'status' : 'alert'}
              data-testid="feedback-notice"
            >
              {notice.kind === 'sent' && t('sent', { id: notice.id })}
              {notice.kind === 'restored' && t('draftRestored')}
              {notice.kind === 'invalid' && t('fixErrors', { count: notice.count })}
              {notice.kind === 'failed' && (
                <>
                  {t('sendFailed', { message: notice.message })}
                  <br />
                  {t('draftKept')}
                </>
              )}
            </Alert>
          )}
          <NativeSelect
            id={fieldId('category')}
            label={t('category')}
            required
            value={draft.category}
            onChange={(e) => update('category')(e.currentTarget.value)}
            error={errors.category}
            data={[
              { value: '', label: t('categoryPlaceholder'), disabled: true },
              ...FEEDBACK_CATEGORIES.map((c) => ({ value: c, label: t(`categories.${c}`) })),
            ]}
            maw={360}
          />
          <TextInput
            id={fieldId('title')}
            label={t('titleLabel')}
            required
            placeholder={t('titlePlaceholder')}
            value={draft.title}
            onChange={(e) => update('title')(e.currentTarget.value)}
            description={counter(draft.title, FEEDBACK_LIMITS.titleMax)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={errors.title}
          />
          <Textarea
            id={fieldId('content')}
            label={t('content')}
            required
            placeholder={t('contentPlaceholder')}
            autosize
            minRows={5}
            maxRows={14}
            value={draft.content}
            onChange={(e) => update('content')(e.currentTarget.value)}
            description={counter(draft.content, FEEDBACK_LIMITS.contentMax, FEEDBACK_LIMITS.contentMin)}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={errors.content}
          />
          <TextInput
            id={fieldId('contact')}
            label={t('contact')}
            description={t('contactHint')}
            autoComplete="email"
            value={draft.contact}
            onChange={(e) => update('contact')(e.currentTarget.value)}
            error={errors.contact}
            maw={420}
          />
          <Text size="sm" c="gray.7">
            {t('limitsHint')}
          </Text>
          <Button type="submit" loading={busy} disabled={busy} w="fit-content">
            {t('submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
