'use client';

import { Alert, Button, CloseButton, Group, Menu, Progress, Stack, Text } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { downloadExport, ExportError, formatBytes, saveBlob, type ExportProgress } from '@/lib/client/download-export';
import { submittedFilter } from '@/lib/client/stores/selection-request';
import { useSelectionStore } from '@/lib/client/stores/selection-store';
import { EXPORT_KINDS, EXPORT_LIMITS, type ExportKind } from '@/lib/shared/contracts/exports';

/** Progress is shown for exports that take longer than this. */
const PROGRESS_AFTER_MS = 1_000;

type Run =
  | { state: 'running'; kind: ExportKind; started: number; progress: ExportProgress; controller: AbortController }
  | { state: 'done'; name: string }
  | { state: 'cancelled' }
  | { state: 'failed'; message: string };

/** Wall-clock milliseconds (for the elapsed time of an export; read in handlers and timers only). */
const clock = () => Date.now();

const KIND_ORDER: readonly ExportKind[] = ['csv', 'xlsx', 'shp', 'geojson', 'quicklooks'];

/**
 * The results' export menu: the result list (CSV, Excel), the footprints (shapefile, GeoJSON) and the
 * checked scenes' quick-looks (zip). Exports hold the checked scenes, or every result when none is
 * checked. A running export shows what has arrived after a second and can be cancelled; the file is
 * saved through a Blob URL; a refusal shows the server's message in the user's language.
 */
export function ExportMenu({ total }: { total: number }) {
  const t = useTranslations('Export');
  const locale = useLocale();
  const { submitted, sort, order, checked } = useSelectionStore(
    useShallow((s) => ({ submitted: s.submitted, sort: s.sort, order: s.order, checked: s.resultIds.length })),
  );
  const [run, setRun] = useState<Run | null>(null);
  const [now, setNow] = useState(0);
  const runRef = useRef<Run | null>(null);
  useEffect(() => {
    runRef.current = run;
  }, [run]);

  const running = run?.state === 'running' ? run : null;
  // A clock for the elapsed time while an export runs.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(clock()), 250);
    return () => clearInterval(timer);
  }, [running]);
  // Leaving the screen cancels a running export.
  useEffect(() => () => (runRef.current?.state === 'running' ? runRef.current.controller.abort() : undefined), []);

  async function start(kind: ExportKind) {
    if (!submitted || running) return;
    const controller = new AbortController();
    const started = clock();
    setNow(started);
    setRun({ state: 'running', kind, started, progress: { received: 0, total: null }, controller });
    const { path, format } = EXPORT_KINDS[kind];
    const params = new URLSearchParams({ lang: locale === 'en' ? 'en' : 'zh' });
    if (format) params.set('format', format);
    const ids = useSelectionStore.getState().resultIds;
    try {
      const { blob, name } = await downloadExport(
        `${path}?${params}`,
        { filter: submittedFilter(submitted), ids: ids.length ? ids : undefined, sort, order },
        {
          locale,
          signal: controller.signal,
          onProgress: (progress) => setRun((r) => (r?.state === 'running' && r.controller === controller ? { ...r, progress } : r)),
          fallbackMessage: (k) => t(`errors.${k}`),
        },
      );
      saveBlob(blob, name);
      setRun({ state: 'done', name });
    } catch (error) {
      if (controller.signal.aborted) setRun({ state: 'cancelled' });
      else setRun({ state: 'failed', message: error instanceof ExportError ? error.message : t('errors.failed') });
    }
  }

  const scope = checked > 0 ? t('menu.scopeChecked', { count: checked }) : t('menu.scopeAll', { count: total });
  const showProgress = running && now - running.started >= PROGRESS_AFTER_MS;
  const kindLabel = (kind: ExportKind) => t(`menu.${kind}`);

  return (
    <Stack gap={6} align="flex-end" maw={260} data-testid="export-area">
      <Menu position="bottom-end" withinPortal shadow="md" width={280}>
        <Menu.Target>
          <Button size="xs" variant="light" disabled={!submitted || total === 0 || running !== null} aria-label={t('menu.label')} data-testid="export-button">
            {t('menu.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown data-testid="export-menu">
          <Menu.Label>{scope}</Menu.Label>
          {KIND_ORDER.map((kind) => {
            const needChecks = kind === 'quicklooks' && checked === 0;
            return (
              <Menu.Item key={kind} disabled={needChecks} onClick={() => void start(kind)} data-testid={`export-${kind}`}>
                <Text size="sm">{kindLabel(kind)}</Text>
                {kind === 'quicklooks' ? (
                  <Text size="xs" c="dimmed">
                    {needChecks ? t('menu.quicklooksNeedChecks') : t('menu.quicklooksHint', { max: EXPORT_LIMITS.maxQuicklooks })}
                  </Text>
                ) : null}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
      {showProgress && running ? (
        <Stack gap={4} w={240} maw="100%" role="status" aria-live="polite" data-testid="export-progress">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="xs" fw={600}>
              {t('progress.title', { name: kindLabel(running.kind) })}
            </Text>
            <Button size="compact-xs" variant="subtle" color="red" onClick={() => running.controller.abort()} data-testid="export-cancel">
              {t('progress.cancel')}
            </Button>
          </Group>
          {running.progress.total ? (
            <Progress
              value={Math.min(100, (100 * running.progress.received) / running.progress.total)}
              aria-label={t('progress.title', { name: kindLabel(running.kind) })}
            />
          ) : (
            <Progress value={100} striped animated aria-label={t('progress.title', { name: kindLabel(running.kind) })} />
          )}
          <Text size="xs" c="dimmed">
            {running.progress.total
              ? t('progress.receivedOf', { received: formatBytes(running.progress.received, locale), total: formatBytes(running.progress.total, locale) })
              : t('progress.received', { received: formatBytes(running.progress.received, locale) })}
            {' · '}
            {t('progress.elapsed', { seconds: Math.floor((now - running.started) / 1000) })}
          </Text>
        </Stack>
      ) : null}
      {run?.state === 'failed' ? (
        <Alert color="red" role="alert" title={t('errors.title')} data-testid="export-error" withCloseButton={false}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Text size="sm">{run.message}</Text>
            <CloseButton size="sm" aria-label={t('errors.dismiss')} onClick={() => setRun(null)} />
          </Group>
        </Alert>
      ) : null}
      {run?.state === 'cancelled' || run?.state === 'done' ? (
        <Text size="xs" c="dimmed" ta="right" role="status" data-testid="export-status">
          {run.state === 'cancelled' ? t('progress.cancelled') : t('progress.saved', { name: run.name })}
        </Text>
      ) : null}
    </Stack>
  );
}
