'use client';

import { Alert, Button, Group, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ApplicationDetails } from '@/components/applications/application-details';
import { DetailModal } from '@/components/ui/detail-modal';
import { ApiClientError } from '@/lib/client/api';
import { applicationKeys } from '@/lib/client/queries/applications';
import {
  approveApplication,
  rejectApplication,
  reviewKeys,
  useAreaSceneCover,
  useManagedApplication,
} from '@/lib/client/queries/applications-admin';
import { useIssueText } from '@/lib/client/use-issue-text';
import { approveRequestBodySchema, rejectRequestBodySchema, type ManagedRequestDetail } from '@/lib/shared/contracts/requests-review';
import { REQUEST_LIMITS } from '@/lib/shared/orders/request-limits';
import { REQUEST_STATUS } from '@/lib/shared/orders/model';
import { ScenePicker, ScenePickerPending } from './scene-picker';

type Decision = 'approve' | 'reject';

function DecisionForm({ request }: { request: ManagedRequestDetail }) {
  const t = useTranslations('ApplicationsAdmin');
  const client = useTranslations('Client');
  const issueText = useIssueText();
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<Decision>('approve');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cannotOrder = request.kind === 'area' && request.areaMatches?.total === 0;
  // An area application orders the scenes the reviewer chooses, preselected as the minimal covering set
  // (null: untouched, the preselection stands).
  const picking = request.kind === 'area' && !cannotOrder;
  const cover = useAreaSceneCover(request.id, picking && decision === 'approve');
  const [touched, setTouched] = useState<string[] | null>(null);
  const chosen = touched ?? cover.data?.minimalSet ?? [];
  const pickerReady = !picking || cover.data !== undefined;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const parsed =
      decision === 'approve' ? approveRequestBodySchema.safeParse({ note: text }) : rejectRequestBodySchema.safeParse({ reason: text });
    const problem = parsed.success ? null : issueText(parsed.error.issues[0]!);
    setError(problem);
    if (problem) {
      document.getElementById('review-text')?.focus();
      return;
    }
    if (decision === 'approve' && picking && chosen.length === 0) {
      setFailure(t('picker.noneChosen'));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const updated =
        decision === 'approve'
          ? await approveApplication(request.id, text, picking ? chosen : undefined)
          : await rejectApplication(request.id, text);
      queryClient.setQueryData(reviewKeys.one(request.id), updated);
      void queryClient.invalidateQueries({ queryKey: applicationKeys.managed() });
    } catch (failed) {
      if (failed instanceof ApiClientError && failed.silent) return;
      setFailure(failed instanceof Error && failed.message ? failed.message : client('unknownError'));
      void queryClient.invalidateQueries({ queryKey: reviewKeys.one(request.id) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('decision')} data-testid="review-form">
      <Stack gap="sm">
        <SegmentedControl
          value={decision}
          onChange={(v) => {
            setDecision(v as Decision);
            setError(null);
          }}
          aria-label={t('decision')}
          data={[
            { value: 'approve', label: t('approve') },
            { value: 'reject', label: t('reject') },
          ]}
          data-testid="review-decision"
        />
        {decision === 'approve' && picking ? (
          cover.data ? (
            <ScenePicker cover={cover.data} chosen={chosen} onChange={setTouched} />
          ) : (
            <ScenePickerPending failure={cover.isError ? cover.error.message : null} onRetry={() => void cover.refetch()} />
          )
        ) : null}
        {decision === 'approve' && pickerReady ? (
          <Text size="sm" c={cannotOrder ? 'red' : undefined} data-testid="approve-summary">
            {picking
              ? t('approveChosen', { count: chosen.length })
              : request.kind === 'scenes'
                ? t('approveScenes', { count: request.itemCount })
                : t('errors.noScenesInArea')}
          </Text>
        ) : null}
        <Textarea
          id="review-text"
          label={decision === 'approve' ? t('noteLabel') : t('reasonLabel')}
          description={decision === 'approve' ? t('noteHint') : t('reasonHint')}
          required={decision === 'reject'}
          autosize
          minRows={3}
          maxLength={REQUEST_LIMITS.noteMax}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={error}
          data-testid="review-text"
        />
        {failure ? (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group>
          <Button
            type="submit"
            color={decision === 'approve' ? 'green' : 'red'}
            loading={busy}
            disabled={decision === 'approve' && (cannotOrder || !pickerReady)}
            data-testid="review-submit"
          >
            {decision === 'approve' ? t('approveSubmit') : t('rejectSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** One application for review: everything about it, its applicant, and (while pending) the decision. */
export function ReviewDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const t = useTranslations('ApplicationsAdmin');
  const format = useFormatter();
  return (
    <DetailModal
      id={id}
      onClose={onClose}
      query={useManagedApplication(id)}
      title={(request) => request.project}
      labels={{ loading: t('loading'), close: t('close'), loadFailed: t('loadFailed') }}
    >
      {(request) => (
        <Stack gap="md">
          <Text size="sm" data-testid="review-applicant" style={{ overflowWrap: 'anywhere' }}>
            {t('applicant', {
              name: request.applicant.realName
                ? `${request.applicant.realName} (${request.applicant.username})`
                : request.applicant.username,
            })}
            {request.applicant.organization ? ` · ${request.applicant.organization}` : ''}
          </Text>
          <ApplicationDetails request={request} />
          {request.status === REQUEST_STATUS.PENDING ? (
            <DecisionForm key={request.id} request={request} />
          ) : request.reviewedAt ? (
            <Text size="sm" c="gray.7">
              {t('reviewedAt', { date: format.dateTime(new Date(request.reviewedAt), 'moment') })}
            </Text>
          ) : null}
        </Stack>
      )}
    </DetailModal>
  );
}
