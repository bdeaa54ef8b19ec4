'use client';

import { Alert, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { FileDrop } from '@/components/catalog/file-drop';
import { tleAdminKeys } from '@/lib/client/queries/tle-admin';
import { uploadFile } from '@/lib/client/upload-file';
import { TLE_UPLOAD_LIMITS, uploadedTleSetSchema, uploadTleContract, type UploadedTleSet } from '@/lib/shared/contracts/tle-admin';
import { formats } from '@/i18n/formats';
import { STALE_TLE_DAYS } from '@/lib/shared/orbits/uncertainty';
import { useUncertaintyText } from '@/lib/client/hooks/use-uncertainty-text';

const ACCEPT = ['.tle', '.txt'] as const;
const MAX_MB = TLE_UPLOAD_LIMITS.maxFileBytes / 1024 / 1024;

/** Epoch span in UTC, to the minute. */
export function useEpochSpan() {
  const format = useFormatter();
  const when = (iso: string) => format.dateTime(new Date(iso), { ...formats.dateTime.moment, timeZone: 'UTC' });
  return (from: string, to: string) => ({ from: when(from), to: when(to) });
}

/** What an accepted file became: the set, its epochs and coverage, the stale warning and the unknown satellites. */
function UploadResult({ result }: { result: UploadedTleSet }) {
  const t = useTranslations('TleAdmin.result');
  const span = useEpochSpan();
  const uncertainty = useUncertaintyText();
  const { set } = result;
  return (
    <Alert color={set.stale ? 'yellow' : 'teal'} role="status" title={t('title', { source: set.source })} data-testid="tle-result">
      <Stack gap={6}>
        <Text size="sm" data-testid="tle-result-epochs">
          {t('epochs', span(set.epochMin, set.epochMax))}
        </Text>
        <Text size="sm">
          {t('satellites', { count: set.satellites })} · {t('chinese', { covered: set.chineseCovered, total: set.chineseTotal })} ·{' '}
          <span data-testid="tle-result-uncertainty">
            {t('oldest', { days: set.oldestAgeDays, uncertainty: uncertainty.value(set.oldestUncertaintyKm), model: uncertainty.model })}
          </span>
        </Text>
        {set.stale ? (
          <Text size="sm" fw={600} data-testid="tle-result-stale">
            {t('stale', { days: STALE_TLE_DAYS, uncertainty: uncertainty.value(set.oldestUncertaintyKm) })}
          </Text>
        ) : null}
        {result.duplicates > 0 ? <Text size="sm">{t('duplicates', { count: result.duplicates })}</Text> : null}
        {result.unknownCount === 0 ? (
          <Text size="sm">{t('allKnown')}</Text>
        ) : (
          <details data-testid="tle-result-unknown">
            <summary>
              <Text span size="sm">
                {t('unknown', { count: result.unknownCount })}
              </Text>
            </summary>
            <List size="sm" mt={4} spacing={2} style={{ overflowWrap: 'anywhere' }}>
              {result.unknown.map((u) => (
                <List.Item key={u.norad}>{t('unknownItem', u)}</List.Item>
              ))}
              {result.unknownCount > result.unknown.length ? (
                <List.Item>{t('unknownMore', { count: result.unknownCount - result.unknown.length })}</List.Item>
              ) : null}
            </List>
          </details>
        )}
      </Stack>
    </Alert>
  );
}

/** The upload: an optional name for the set, the file (drop or choose) with its progress, then the result or the refusal. */
export function TleUpload() {
  const t = useTranslations('TleAdmin.upload');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [label, setLabel] = useState('');
  const [uploading, setUploading] = useState<{ name: string; percent: number | null } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<UploadedTleSet | null>(null);

  async function upload(file: File) {
    setError(null);
    setResult(null);
    setUploading({ name: file.name, percent: 0 });
    try {
      const name = label.trim();
      const url = name ? `${uploadTleContract.path}?${new URLSearchParams({ label: name })}` : uploadTleContract.path;
      const onProgress = (percent: number | null) => setUploading({ name: file.name, percent });
      setResult(await uploadFile(url, file, uploadedTleSetSchema, { locale, onProgress, fallback: t('failed') }).promise);
      setLabel('');
      void queryClient.invalidateQueries({ queryKey: tleAdminKeys.all });
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('failed'));
    } finally {
      setUploading(null);
    }
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="tle-upload-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="tle-upload-title">
          {t('title')}
        </Title>
        <TextInput
          label={t('nameLabel')}
          description={t('nameHint')}
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
          maxLength={TLE_UPLOAD_LIMITS.labelMax}
          disabled={uploading !== null}
          data-testid="tle-label"
        />
        <FileDrop
          accept={ACCEPT}
          maxBytes={TLE_UPLOAD_LIMITS.maxFileBytes}
          onFile={(file) => void upload(file)}
          onReject={(reason) => {
            setResult(null);
            setError(reason === 'tooLarge' ? t('tooLarge', { mb: MAX_MB }) : t('wrongType'));
          }}
          label={t('label')}
          prompt={t('prompt')}
          hint={t('hint', { mb: MAX_MB, max: TLE_UPLOAD_LIMITS.maxSatellites })}
          busy={uploading !== null}
          progress={uploading?.percent}
          busyLabel={
            uploading
              ? uploading.percent === null
                ? t('checking', { name: uploading.name })
                : t('uploading', { name: uploading.name, percent: uploading.percent })
              : undefined
          }
          testId="tle-file"
        />
        {error ? (
          <Alert color="red" role="alert" title={t('failed')} data-testid="tle-error">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {error}
            </Text>
          </Alert>
        ) : null}
        {result ? <UploadResult result={result} /> : null}
      </Stack>
    </Paper>
  );
}
