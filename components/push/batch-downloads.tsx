'use client';
/**
 * The files of one push batch (issue 35.2): footprints (shapefile), scene list (Excel), the uncovered part of my
 * regions (shapefile) and the manifest whose signed links work without signing in. Each is fetched with the session
 * and saved under the name the server gives; a refusal shows the server's message instead of saving it as a file.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { type Notice, ResultNotice } from '@/components/ui/result-notice';
import { dispositionName, saveBlob } from '@/lib/client/download-export';
import { PUSH_EXPORT_LIMITS, PUSH_EXPORT_PATHS } from '@/lib/shared/contracts/push-exports';

const FILES = ['shp', 'xlsx', 'diffcover', 'manifest'] as const;
type FileKind = (typeof FILES)[number];

class DownloadError extends Error {}

async function fetchFile(url: string, locale: string, fallback: (kind: 'failed' | 'network') => string) {
  let response: Response;
  try {
    response = await fetch(url, { headers: { 'x-locale': locale }, credentials: 'same-origin' });
  } catch {
    throw new DownloadError(fallback('network'));
  }
  if (!response.ok || !response.headers.get('content-disposition')) {
    const envelope = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new DownloadError(typeof envelope?.message === 'string' && envelope.message ? envelope.message : fallback('failed'));
  }
  const blob = await response.blob().catch(() => {
    throw new DownloadError(fallback('network'));
  });
  return { blob, name: dispositionName(response.headers.get('content-disposition')) ?? 'download' };
}

export function BatchDownloads({ batchId, sceneCount }: { batchId: string; sceneCount: number }) {
  const t = useTranslations('Push.exports');
  const locale = useLocale();
  const [busy, setBusy] = useState<FileKind | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  async function download(kind: FileKind) {
    setBusy(kind);
    setNotice(null);
    try {
      const query = new URLSearchParams({ id: batchId, lang: locale });
      const { blob, name } = await fetchFile(`${PUSH_EXPORT_PATHS[kind]}?${query.toString()}`, locale, (k) => t(k));
      saveBlob(blob, name);
      setNotice({ ok: true, text: t('saved', { name }) });
    } catch (error) {
      setNotice({ ok: false, text: error instanceof DownloadError ? error.message : t('failed') });
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap={6} data-testid="push-downloads">
      <Group gap="xs" wrap="wrap" role="group" aria-label={t('title')}>
        {FILES.map((kind) => (
          <Button
            key={kind}
            size="compact-sm"
            variant={kind === 'manifest' ? 'filled' : 'light'}
            loading={busy === kind}
            disabled={busy !== null && busy !== kind}
            onClick={() => void download(kind)}
            aria-label={t('label', { file: t(kind), id: batchId })}
            data-testid={`push-download-${kind}`}
            styles={{ root: { maxWidth: '100%' }, label: { whiteSpace: 'normal', textAlign: 'start' } }}
          >
            {t(kind)}
          </Button>
        ))}
      </Group>
      <Text size="xs" c="gray.7">
        {t('manifestNote', { days: PUSH_EXPORT_LIMITS.linkTtlSeconds / 86_400 })}
        {sceneCount > PUSH_EXPORT_LIMITS.maxScenes ? ` ${t('capped', { max: PUSH_EXPORT_LIMITS.maxScenes, total: sceneCount })}` : ''}
      </Text>
      <ResultNotice notice={notice} testId="push-download-notice" py={6} />
    </Stack>
  );
}
