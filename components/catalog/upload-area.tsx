'use client';

import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSelectionStore } from '@/lib/client/stores/selection-store';
import { AREA_UPLOAD_LIMITS } from '@/lib/shared/contracts/uploads';
import { FileDrop } from './file-drop';
import { uploadAreaFile, uploadAreaKey, UploadFailed, useUploadedArea } from './upload-area-data';

const MB = Math.round(AREA_UPLOAD_LIMITS.maxFileBytes / 1024 / 1024);

type Phase = { kind: 'idle' } | { kind: 'uploading'; percent: number | null };

/** SHP mode of the image query: the upload id goes into the store (and the URL as `shp=`). */
export function UploadAreaFields() {
  const id = useSelectionStore((s) => s.uploadIds.area);
  const setUpload = useSelectionStore((s) => s.setUpload);
  const onChange = useCallback((next: string | null) => setUpload('area', next), [setUpload]);
  return <UploadArea id={id} onChange={onChange} />;
}

/**
 * Upload an area file (drop or choose), see its name, size, vertices and whether it was repaired;
 * replace or remove it. The upload's id is the caller's (the image query's store, an application's form).
 */
export function UploadArea({ id, onChange }: { id: string | null; onChange: (id: string | null) => void }) {
  const t = useTranslations('Upload');
  const locale = useLocale();
  const format = useFormatter();
  const queryClient = useQueryClient();
  const area = useUploadedArea(id);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [choosing, setChoosing] = useState(false);
  const abort = useRef<(() => void) | null>(null);

  useEffect(() => () => abort.current?.(), []);
  // An id that no longer lives (restored from an old URL) is forgotten, and the user told.
  const gone = id !== null && area.isError;
  const [goneId, setGoneId] = useState<string | null>(null);
  if (gone && goneId !== id) {
    setGoneId(id);
    setError(t('errors.notFound'));
  }
  useEffect(() => {
    if (gone) onChange(null);
  }, [gone, onChange]);

  const onFile = (file: File) => {
    // The area in use while this file uploads (it stays if the file fails).
    const previous = id !== null && area.data ? area.data.name : null;
    setError(null);
    setPhase({ kind: 'uploading', percent: 0 });
    const job = uploadAreaFile(file, locale, (percent) => setPhase({ kind: 'uploading', percent }), t('errors.unreadable'));
    abort.current = job.abort;
    job.promise.then(
      (uploaded) => {
        queryClient.setQueryData(uploadAreaKey(locale, uploaded.id), uploaded);
        onChange(uploaded.id);
        setChoosing(false);
        setPhase({ kind: 'idle' });
      },
      (failure: unknown) => {
        setPhase({ kind: 'idle' });
        if (!(failure instanceof UploadFailed)) return;
        // Nothing of the failed file is used: the area chosen before (still on the map, with the results
        // searched in it) comes back into view and the error says it is still the one in use.
        setChoosing(false);
        // Chinese sentences follow each other without a space.
        setError(
          previous ? `${failure.message}${locale === 'zh' ? '' : ' '}${t('errors.previousKept', { name: previous })}` : failure.message,
        );
      },
    );
  };

  const busy = phase.kind === 'uploading';
  const shown = id !== null && area.data && !choosing ? area.data : null;
  const nf = new Intl.NumberFormat(locale === 'zh' ? 'zh-CN' : 'en', { maximumFractionDigits: 2 });

  return (
    <Stack gap="xs" data-testid="upload-area">
      {shown ? (
        <Stack gap={4} data-testid="upload-area-info" aria-live="polite">
          <Text size="xs" c="dimmed">
            {t('area.title')}
          </Text>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="upload-area-name">
            {shown.name}
          </Text>
          <Text size="sm" data-testid="upload-area-size">
            {t('area.size', { km2: nf.format(shown.areaKm2) })} · {t('area.vertices', { count: shown.vertices })} ·{' '}
            {t('area.features', { count: shown.features })}
          </Text>
          <Text size="xs" c="dimmed">
            {t('area.crs', { crs: shown.crs })}
          </Text>
          {shown.repaired ? (
            <Alert color="yellow" variant="light" p="xs" title={null} data-testid="upload-area-repaired">
              <Text size="xs">⚠ {t('area.repaired')}</Text>
            </Alert>
          ) : null}
          {shown.simplified ? <Text size="xs">{t('area.simplified')}</Text> : null}
          {shown.vertices > AREA_UPLOAD_LIMITS.displayVertices ? (
            <Text size="xs" c="dimmed">
              {t('area.display')}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {t('area.expires', { time: format.dateTime(new Date(shown.expiresAt), 'moment') })}
          </Text>
          <Group gap="xs">
            <Button size="xs" variant="light" onClick={() => setChoosing(true)} data-testid="upload-area-replace">
              {t('area.replace')}
            </Button>
            <Button size="xs" variant="subtle" color="gray" onClick={() => onChange(null)} data-testid="upload-area-remove">
              {t('area.remove')}
            </Button>
          </Group>
        </Stack>
      ) : id !== null && area.isPending && !choosing ? (
        <Text size="sm">{t('area.loading')}</Text>
      ) : (
        <FileDrop
          accept={AREA_UPLOAD_LIMITS.extensions}
          maxBytes={AREA_UPLOAD_LIMITS.maxFileBytes}
          onFile={onFile}
          onReject={(reason) => setError(reason === 'tooLarge' ? t('drop.tooLarge', { mb: MB }) : t('drop.wrongType'))}
          label={t('drop.label')}
          prompt={t('drop.prompt')}
          hint={t('drop.hint', { mb: MB })}
          busy={busy}
          progress={busy ? phase.percent : undefined}
          busyLabel={busy ? (phase.percent === null ? t('drop.parsing') : t('drop.uploading', { percent: phase.percent })) : undefined}
          testId="upload-area-drop"
        />
      )}
      {choosing && id !== null && area.data && !busy ? (
        <Button size="xs" variant="subtle" color="gray" onClick={() => setChoosing(false)} data-testid="upload-area-keep">
          {t('area.keep', { name: area.data.name })}
        </Button>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" p="xs" role="alert" data-testid="upload-area-error">
          <Text size="xs">{error}</Text>
        </Alert>
      ) : null}
    </Stack>
  );
}
