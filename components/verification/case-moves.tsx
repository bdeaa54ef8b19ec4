'use client';

/**
 * The moves my roles may make on the case now (the server lists them, lib/shared/workflow/machines/verification.ts
 * decides them), one button each; a move that needs a reason asks for it in a dialog first (labelled by its title,
 * focus kept inside while open and given back to the button after).
 */
import { Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import type { CaseDetail } from '@/lib/shared/contracts/verification';
import { NOTE_LIMIT } from '@/lib/shared/verification/case-form';
import type { VerificationStatus } from '@/lib/shared/workflow/machines/verification';

type Move = CaseDetail['moves'][number];

/** Moves that turn a case back or away (shown as such, not in the main colour). */
const BACKWARD: ReadonlySet<VerificationStatus> = new Set(['returned', 'objected', 'pushed']);

function NoteDialog({
  move,
  busy,
  onCancel,
  onSend,
}: {
  move: Move | null;
  busy: boolean;
  onCancel: () => void;
  /** Answers the refusal to show in the dialog, or null when the move was made. */
  onSend: (note: string) => Promise<string | null>;
}) {
  const t = useTranslations('VerifyCase.moves');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<Move | null>(null);
  // A dialog opened for another move starts empty.
  if (move !== shown) {
    setShown(move);
    if (move) {
      setNote('');
      setError(null);
    }
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) {
      setError(t('noteRequired'));
      return;
    }
    void onSend(note.trim()).then((refusal) => setError(refusal));
  };
  return (
    <Modal opened={move !== null} onClose={onCancel} title={move ? t('noteTitle', { action: t(`action.${move.to}`) }) : ''} centered>
      <form onSubmit={submit} noValidate data-testid="note-dialog">
        <Stack gap="sm">
          <Text size="sm">{t('noteIntro')}</Text>
          <Textarea
            label={t('note')}
            required
            autosize
            minRows={3}
            maxRows={10}
            maxLength={NOTE_LIMIT}
            value={note}
            error={error}
            data-autofocus
            onChange={(e) => {
              setNote(e.currentTarget.value);
              if (error) setError(null);
            }}
            data-testid="note-text"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onCancel}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="note-send">
              {t('send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function CaseMoves({
  detail,
  busy,
  onMove,
}: {
  detail: CaseDetail;
  busy: boolean;
  /** Makes the move (with the note when it takes one); answers the refusal in words, or null when it was made. */
  onMove: (move: Move, note: string | null) => Promise<string | null>;
}) {
  const t = useTranslations('VerifyCase.moves');
  const [asking, setAsking] = useState<Move | null>(null);
  const headingId = `case-moves-${detail.id}`;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h5" id={headingId} mb="xs">
        {t('title')}
      </Title>
      {detail.moves.length === 0 ? (
        <Text size="sm" data-testid="no-moves">
          {t('none')}
        </Text>
      ) : (
        <Group gap="xs" wrap="wrap" data-testid="case-moves">
          {detail.moves.map((move) => (
            <Button
              key={move.to}
              size="sm"
              variant={BACKWARD.has(move.to) ? 'default' : 'filled'}
              color={BACKWARD.has(move.to) ? undefined : 'blue'}
              loading={busy && asking === null}
              disabled={busy}
              onClick={() => (move.noteRequired ? setAsking(move) : void onMove(move, null))}
              data-testid={`move-${move.to}`}
            >
              {t(`action.${move.to}`)}
            </Button>
          ))}
        </Group>
      )}
      <NoteDialog
        move={asking}
        busy={busy}
        onCancel={() => setAsking(null)}
        onSend={async (note) => {
          if (!asking) return null;
          const refusal = await onMove(asking, note);
          if (refusal === null) setAsking(null);
          return refusal;
        }}
      />
    </Paper>
  );
}
