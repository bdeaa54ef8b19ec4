'use client';

import { Alert, Button, FileInput, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useDeleteNewsCover, useNewsCover, useUploadNewsCover } from '@/lib/client/queries/news';
import { COVER_MAX_BYTES, COVER_TYPES } from '@/lib/shared/contracts/share';
import { responsiveCover } from '@/lib/shared/news/cover-srcset';

/** The cover of a saved news item: shows it, uploads a new one with alternative texts, removes it. */
export function NewsCoverEditor({ newsId }: { newsId: string }) {
  const t = useTranslations('Share.cover');
  const errors = useTranslations('Share.errors');
  const [file, setFile] = useState<File | null>(null);
  const [altZh, setAltZh] = useState('');
  const [altEn, setAltEn] = useState('');
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const cover = useNewsCover(newsId);

  const done = (text: string) => {
    setMessage({ kind: 'ok', text });
    setFile(null);
  };
  const fail = (error: Error) => setMessage({ kind: 'error', text: error.message });

  const upload = useUploadNewsCover(newsId, { onSuccess: () => done(t('saved')), onError: fail });
  const remove = useDeleteNewsCover(newsId, { onSuccess: () => done(t('removed')), onError: fail });

  function submit() {
    setMessage(null);
    if (!file) return;
    // The server judges the bytes; this only saves a pointless upload of an obviously wrong file.
    if (file.size > COVER_MAX_BYTES)
      return setMessage({ kind: 'error', text: errors('coverTooLarge', { mb: COVER_MAX_BYTES / 1024 / 1024 }) });
    // Empty texts keep the current cover's (an empty value is left out of the query).
    upload.mutate({ image: file, altZh: altZh || cover.data?.altZh || '', altEn: altEn || cover.data?.altEn || '' });
  }

  const current = cover.data;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`cover-${newsId}`}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={`cover-${newsId}`}>
          {t('title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('hint')}
        </Text>
        {message && (
          <Alert color={message.kind === 'ok' ? 'teal' : 'red'} role={message.kind === 'ok' ? 'status' : 'alert'}>
            {message.text}
          </Alert>
        )}
        {current ? (
          <Group align="flex-start" gap="md">
            <Image {...responsiveCover(current, '240px')} src={current.url} alt={current.altZh} w={240} h="auto" radius="sm" />
            <Stack gap={4}>
              <Text size="sm">{t('current')}</Text>
              <Text size="xs" c="dimmed">
                {current.width}×{current.height}
              </Text>
              <Button size="compact-sm" variant="default" color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
                {t('remove')}
              </Button>
            </Stack>
          </Group>
        ) : (
          !cover.isPending && <Text size="sm">{t('none')}</Text>
        )}
        <FileInput label={t('file')} accept={COVER_TYPES.join(',')} value={file} onChange={setFile} clearable />
        <Group grow>
          <TextInput
            label={t('altZh')}
            description={t('altHint')}
            maxLength={200}
            required={!current}
            value={altZh}
            placeholder={current?.altZh}
            onChange={(e) => setAltZh(e.currentTarget.value)}
          />
          <TextInput
            label={t('altEn')}
            description={t('altHint')}
            maxLength={300}
            required={!current}
            value={altEn}
            placeholder={current?.altEn}
            onChange={(e) => setAltEn(e.currentTarget.value)}
          />
        </Group>
        <Group>
          <Button onClick={submit} disabled={!file || (!current && (!altZh.trim() || !altEn.trim()))} loading={upload.isPending}>
            {t('upload')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
