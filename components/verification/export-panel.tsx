'use client';

/**
 * Export the cases a list shows (issue 33.6): a format, then a job on the server's queue whose progress is shown
 * until its signed download link (valid for me only) appears; a refusal (too many cases, bad filter) is the
 * server's message in my language.
 */
import { Alert, Button, Group, Paper, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ApiClientError } from '@/lib/client/api';
import { useCaseExport, type CaseListFilters } from '@/lib/client/queries/verification';
import { CASE_EXPORT_FORMATS, type CaseExportFormat } from '@/lib/shared/contracts/verification';

export function ExportPanel({ filters }: { filters: CaseListFilters }) {
  const t = useTranslations('VerifyList');
  const [format, setFormat] = useState<CaseExportFormat>('csv');
  const { start, job, jobError } = useCaseExport();
  const failure = start.error ?? jobError;
  const running = job !== null && (job.status === 'queued' || job.status === 'running');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="export-title" data-testid="case-export">
      <Stack gap="xs">
        <Title order={2} size="h4" id="export-title">
          {t('export.title')}
        </Title>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <Select
            label={t('export.format')}
            data={CASE_EXPORT_FORMATS.map((f) => ({ value: f, label: t(`export.formats.${f}`) }))}
            value={format}
            onChange={(v) => v && setFormat(v as CaseExportFormat)}
            allowDeselect={false}
            size="xs"
            w={170}
          />
          <Button size="xs" variant="light" loading={start.isPending || running} onClick={() => start.mutate({ filters, format })}>
            {t('export.start')}
          </Button>
        </Group>
        {running ? (
          <Stack gap={4}>
            <Progress value={Math.round(job.progress * 100)} aria-label={t('export.progressLabel')} size="sm" />
            <Text size="xs" aria-live="polite">
              {t('export.running', { percent: Math.round(job.progress * 100), matched: job.matched })}
            </Text>
          </Stack>
        ) : null}
        {job?.status === 'done' && job.download ? (
          <Group gap="xs" aria-live="polite">
            <Text size="xs">{t('export.done', { rows: job.rows ?? job.matched })}</Text>
            <Button component="a" href={job.download.url} download size="xs" data-testid="case-export-download">
              {t('export.download', { name: job.fileName ?? '' })}
            </Button>
          </Group>
        ) : null}
        {job?.status === 'failed' ? (
          <Alert color="red" variant="light" role="alert">
            {job.failure ?? t('export.failed')}
          </Alert>
        ) : null}
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure instanceof ApiClientError ? failure.message : t('export.failed')}
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
