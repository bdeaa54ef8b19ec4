'use client';
/**
 * Approve or send back one case from a reviewer's list (spotConfirm): a dialog (Mantine's Modal: labelled by its
 * title, focus kept inside, Escape closes) with the case's essentials, the reason — required where the machine
 * asks for one (a send-back, a ruling on an objection) — and the decision. When the case has moved on since the list
 * was read (409), the dialog says so, the list reloads, and the typed reason stays for another try.
 */
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { ApiClientError } from '@/lib/client/api';
import { useMoveCase } from '@/lib/client/queries/verification';
import type { CaseSummary } from '@/lib/shared/contracts/verification';
import type { VerificationStatus } from '@/lib/shared/workflow';
import { CaseLink, DueText, StageBadge } from './parts';
import { noteRequired, SEND_BACK } from './stages';

export interface Decision {
  /** The case as the list read it when the dialog opened (its number and stage stay shown if it leaves the list). */
  opened: CaseSummary;
  to: VerificationStatus;
}

const NOTE_MAX = 2000;

export function DecisionDialog({
  decision,
  current,
  onClose,
  onDone,
}: {
  decision: Decision | null;
  /** The case as the list reads it now (a reload after a conflict brings its new version), or null once gone. */
  current: CaseSummary | null;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const t = useTranslations('VerifyList.decision');
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const move = useMoveCase();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const c = decision?.opened;
  const sendBack = decision?.to === SEND_BACK;
  // The case has left the list (moved on by someone else) or no longer offers this move.
  const gone = decision !== null && (current === null || !current.actions.includes(decision.to));
  const required = decision ? noteRequired((current ?? decision.opened).status, decision.to) : false;

  const close = () => {
    setNote('');
    setNoteError(null);
    setConflict(false);
    setFailure(null);
    move.reset();
    onClose();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!decision || !current || move.isPending) return;
    const text = note.trim();
    if (required && !text) {
      setNoteError(t('reasonRequired'));
      document.getElementById('decision-reason')?.focus();
      return;
    }
    setNoteError(null);
    setFailure(null);
    try {
      await move.mutateAsync({ id: current.id, to: decision.to, version: current.version, note: text || undefined });
      const done = sendBack ? t('sentBack', { spot: current.spotNo }) : t('approved', { spot: current.spotNo });
      setNote('');
      setConflict(false);
      onDone(done);
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 409) {
        // The list reloads (the mutation invalidates it); what was typed stays.
        setConflict(true);
        return;
      }
      if (error instanceof ApiClientError && error.silent) return;
      setFailure(error instanceof Error && error.message ? error.message : t('failed'));
    }
  }

  return (
    <Modal
      opened={decision !== null}
      onClose={close}
      fullScreen={narrow}
      size="lg"
      title={c ? (sendBack ? t('sendBackTitle', { spot: c.spotNo }) : t('approveTitle', { spot: c.spotNo })) : ''}
      styles={{ title: { overflowWrap: 'anywhere', fontWeight: 700 } }}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {c && decision ? (
        <form onSubmit={submit} noValidate data-testid="decision-dialog">
          <Stack gap="sm">
            <Group gap="xs" wrap="wrap">
              <StageBadge stage={(current ?? c).status} name={(current ?? c).statusName} />
              <Text size="sm">
                {c.countyName} · {c.changeTypeName}
                {c.verdictName ? ` · ${c.verdictName}` : ''}
              </Text>
            </Group>
            <Text size="sm">
              {t('due')} <DueText c={current ?? c} />
            </Text>
            <Text size="sm">
              {t('evidence')} <CaseLink c={c} />
            </Text>
            {conflict ? (
              <Alert color="orange" role="alert" title={t('conflictTitle')} data-testid="decision-conflict">
                {gone ? t('conflictGone') : t('conflictRetry')}
              </Alert>
            ) : null}
            {failure ? (
              <Alert color="red" role="alert" data-testid="decision-error">
                {failure}
              </Alert>
            ) : null}
            <Textarea
              id="decision-reason"
              label={sendBack ? t('reasonSendBack') : t('reasonApprove')}
              description={required ? t('reasonRequiredHint') : t('reasonOptionalHint')}
              required={required}
              autosize
              minRows={3}
              maxLength={NOTE_MAX}
              value={note}
              error={noteError}
              onChange={(e) => {
                setNote(e.currentTarget.value);
                if (noteError && e.currentTarget.value.trim()) setNoteError(null);
              }}
              data-autofocus
              data-testid="decision-reason"
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('cancel')}
              </Button>
              <Button
                type="submit"
                color={sendBack ? 'orange' : 'green'}
                loading={move.isPending}
                disabled={gone}
                data-testid="decision-submit"
              >
                {sendBack ? t('sendBack') : t('approve')}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}
