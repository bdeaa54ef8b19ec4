'use client';

import { Alert, Anchor, Button, Chip, Group, Stack, Text } from '@mantine/core';
import { skipToken, useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { apiFetch, ApiClientError } from '@/lib/client/api';
import { submittedFilter } from '@/lib/client/stores/selection-request';
import { uploadFile } from '@/lib/client/upload-file';
import { useSelectionStore } from '@/lib/client/stores/selection-store';
import { SELECT_MODES } from '@/lib/shared/contracts/catalogue';
import {
  getSceneListContract,
  SCENE_LIST_LIMITS,
  sceneListSchema,
  sceneListUnmatchedContract,
  TEMPLATE_PATHS,
  UPLOAD_TYPES,
  uploadSceneListContract,
  type SceneList,
  type UploadType,
} from '@/lib/shared/contracts/scene-lists';
import { FileDrop } from './file-drop';
import classes from './scene-list.module.css';

const TYPES: readonly UploadType[] = [UPLOAD_TYPES.FLIE_NAMES, UPLOAD_TYPES.OPR, UPLOAD_TYPES.PR];
const ACCEPT = ['.txt', '.csv', '.xlsx'] as const;
const MAX_MB = SCENE_LIST_LIMITS.maxBytes / 1024 / 1024;

const listKey = (id: string | null) => ['catalogue', 'scene-list', id] as const;

interface UploadState {
  name: string;
  /** Share sent; null while the server reads the list. */
  percent: number | null;
}

/** The uploaded list: name, lines read, the lines that could not be read (collapsible). */
function ListSummary({ list, onRemove }: { list: SceneList; onRemove: () => void }) {
  const t = useTranslations('SceneList');
  return (
    <Stack gap={6} data-testid="scene-list-summary">
      <Text size="sm" fw={600} data-testid="scene-list-name" style={{ overflowWrap: 'anywhere' }}>
        {t('file.uploaded', { name: list.name, count: list.lines })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('file.typeOf', { type: t(`type.${list.listType}`) })}
      </Text>
      {list.invalidCount > 0 ? (
        <details className={classes.sceneListDetails} data-testid="scene-list-invalid">
          <summary>{t('invalid.title', { count: list.invalidCount })}</summary>
          <ul className={classes.sceneListLines}>
            {list.invalid.map((l) => (
              <li key={l.line}>
                <span className={classes.sceneListLineNo}>{t('invalid.line', { line: l.line })}</span> <code>{l.text}</code> — {l.message}
              </li>
            ))}
            {list.invalidCount > list.invalid.length ? (
              <li>{t('invalid.more', { count: list.invalidCount - list.invalid.length })}</li>
            ) : null}
          </ul>
        </details>
      ) : null}
      <Button
        size="xs"
        variant="subtle"
        color="gray"
        onClick={onRemove}
        style={{ alignSelf: 'flex-start' }}
        data-testid="scene-list-remove"
      >
        {t('file.remove')}
      </Button>
    </Stack>
  );
}

/** FILE mode's fields: the list type, its templates, the file (drop or choose) and what was read. */
export function SceneListFields() {
  const t = useTranslations('SceneList');
  const locale = useLocale();
  const inputId = useId();
  const listId = useSelectionStore((s) => s.uploadIds.list);
  const setUpload = useSelectionStore((s) => s.setUpload);
  const [type, setType] = useState<UploadType>(UPLOAD_TYPES.FLIE_NAMES);
  const [uploading, setUploading] = useState<UploadState | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [justUploaded, setJustUploaded] = useState<SceneList | null>(null);

  // A list named by the URL (or uploaded earlier) is read back from the server while it lives.
  const info = useQuery({
    queryKey: listKey(listId),
    queryFn: listId === null ? skipToken : ({ signal }) => apiFetch(getSceneListContract, { params: { id: listId }, signal }),
    initialData: justUploaded && justUploaded.id === listId ? justUploaded : undefined,
    staleTime: Infinity,
    retry: false,
  });
  const list = listId ? info.data : undefined;
  const shownType = list?.listType ?? type;

  async function upload(file: File) {
    setError(null);
    setUploading({ name: file.name, percent: 0 });
    try {
      const url = uploadSceneListContract.path.replace('{x}', String(type));
      const onProgress = (percent: number | null) => setUploading({ name: file.name, percent });
      const stored = await uploadFile(url, file, sceneListSchema, { locale, onProgress, fallback: t('file.failed') }).promise;
      setJustUploaded(stored);
      setUpload('list', stored.id);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('file.failed'));
    } finally {
      setUploading(null);
    }
  }

  return (
    <Stack gap="sm" data-testid="scene-list-fields">
      <Text size="xs" c="dimmed">
        {t('intro')}
      </Text>
      <div role="radiogroup" aria-labelledby={`${inputId}-type`} aria-describedby={`${inputId}-type-hint`} data-testid="scene-list-type">
        <Text size="sm" fw={500} id={`${inputId}-type`} mb={4}>
          {t('type.label')}
        </Text>
        <Chip.Group multiple={false} value={String(shownType)} onChange={(v) => setType(Number(v) as UploadType)}>
          <Group gap={6}>
            {TYPES.map((k) => (
              <Chip key={k} value={String(k)} type="radio" size="xs" disabled={uploading !== null || Boolean(list)}>
                {t(`type.${k}`)}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Text size="xs" c="dimmed" id={`${inputId}-type-hint`} mt={4}>
          {t(`typeHint.${shownType}`)}
        </Text>
      </div>
      <Group gap="xs" align="baseline">
        <Text size="xs" fw={500}>
          {t('template.label')}
        </Text>
        <Anchor size="xs" href={`${TEMPLATE_PATHS[shownType]}?lang=${locale}&format=xlsx`} download data-testid="scene-list-template-xlsx">
          {t('template.xlsx')}
        </Anchor>
        <Anchor size="xs" href={`${TEMPLATE_PATHS[shownType]}?lang=${locale}&format=txt`} download data-testid="scene-list-template-txt">
          {t('template.txt')}
        </Anchor>
      </Group>
      {list ? (
        <ListSummary
          list={list}
          onRemove={() => {
            setJustUploaded(null);
            setUpload('list', null);
          }}
        />
      ) : (
        <FileDrop
          accept={ACCEPT}
          maxBytes={SCENE_LIST_LIMITS.maxBytes}
          onFile={(file) => void upload(file)}
          onReject={(reason) => setError(reason === 'tooLarge' ? t('errors.tooLarge', { max: MAX_MB }) : t('errors.wrongType'))}
          label={t('file.label')}
          prompt={t('file.drop')}
          hint={t('file.limits', { maxMb: MAX_MB, maxLines: SCENE_LIST_LIMITS.maxLines })}
          busy={uploading !== null}
          progress={uploading?.percent}
          busyLabel={uploading ? t('file.uploading', { name: uploading.name, percent: uploading.percent ?? 100 }) : undefined}
          testId="scene-list"
        />
      )}
      {error ? (
        <Alert color="red" role="alert" title={t('file.failed')} data-testid="scene-list-error">
          {error}
        </Alert>
      ) : null}
      {listId && info.isError ? (
        <Alert color="orange" role="alert" data-testid="scene-list-expired">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{info.error instanceof ApiClientError && info.error.message ? info.error.message : t('errors.notFound')}</Text>
            <Button size="xs" variant="light" onClick={() => setUpload('list', null)}>
              {t('file.replace')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
    </Stack>
  );
}

/**
 * Under the results of a FILE search: the lines of the list that selected no scene (within the same
 * filters), each saying whether the catalogue holds it at all. Nothing for other modes.
 */
export function SceneListUnmatched() {
  const t = useTranslations('SceneList');
  const submitted = useSelectionStore(useShallow((s) => s.submitted));
  const listId = submitted?.selectStatus === SELECT_MODES.FILE ? submitted.uploadIds.list : null;
  const filter = submitted && listId ? submittedFilter(submitted) : null;
  const query = useQuery({
    queryKey: ['catalogue', 'scene-list-unmatched', listId, filter],
    queryFn:
      listId === null || filter === null
        ? skipToken
        : ({ signal }) => apiFetch(sceneListUnmatchedContract, { params: { id: listId }, body: { filter }, signal }),
    staleTime: 60_000,
  });
  if (!listId) return null;
  if (!query.data)
    return query.isFetching ? (
      <Text size="xs" c="dimmed" role="status">
        {t('unmatched.checking')}
      </Text>
    ) : null;
  const { count, list } = query.data;
  if (count === 0)
    return (
      <Text size="xs" c="dimmed" data-testid="scene-list-unmatched-none">
        {t('unmatched.none')}
      </Text>
    );
  return (
    <details className={classes.sceneListDetails} data-testid="scene-list-unmatched">
      <summary>{t('unmatched.title', { count })}</summary>
      <ul className={classes.sceneListLines}>
        {list.map((l) => (
          <li key={l.line}>
            <span className={classes.sceneListLineNo}>{t('invalid.line', { line: l.line })}</span> <code>{l.text}</code> —{' '}
            {l.inCatalogue ? t('unmatched.filtered') : t('unmatched.notInCatalogue')}
          </li>
        ))}
        {count > list.length ? <li>{t('unmatched.more', { count: count - list.length })}</li> : null}
      </ul>
    </details>
  );
}
