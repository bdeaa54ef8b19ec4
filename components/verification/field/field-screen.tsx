'use client';

/**
 * Field work (issue 34.2): a county checker takes a batch's spots into the field — downloaded with their outlines,
 * forms and the base map of the area (size shown first, then a progress bar) — opens them, fills the form and adds
 * photos with no network, and the work is sent when the network returns (a visible queue; a conflict when a case
 * moved on meanwhile keeps everything). The page installs as an app (manifest, service worker), and reads only the
 * device's store, so it opens the same online and offline.
 */
import { Alert, Badge, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { preloadMapView, type MapClientConfig } from '@/components/map';
import type { Locale } from '@/i18n/routing';
import { apiFetch, ApiClientError } from '@/lib/client/api';
import { downloadPackage, estimateDownload, type DownloadEstimate, type DownloadProgress } from '@/lib/client/field/download';
import { removePackage, type StoredPackage } from '@/lib/client/field/store';
import { baseLayerSources } from '@/lib/shared/map/config';
import { batchListContract, keyChangeBatchListContract, type BatchSummary } from '@/lib/shared/contracts/verification';
import { FIELD_WORKER_URL, fieldScope } from '@/lib/shared/verification/field-offline';
import { FieldBatch } from './field-batch';
import { FieldQueue } from './field-queue';
import { FieldSpot } from './field-spot';
import { useFieldStore } from './use-field';
import classes from './field.module.css';

type View = { kind: 'home' } | { kind: 'batch'; batchId: string } | { kind: 'spot'; batchId: string; caseId: string } | { kind: 'queue' };

/** The open spots of a batch in my range: pushed, being checked or returned. */
const openCount = (b: BatchSummary) => (b.byStage.pushed ?? 0) + (b.byStage.checking ?? 0) + (b.byStage.returned ?? 0);

/** A size in the user's words: KB below a megabyte, MB (one decimal) above. */
function useBytes() {
  const t = useTranslations('VerifyField.size');
  const format = useFormatter();
  return (bytes: number) =>
    bytes >= 1024 * 1024
      ? t('mb', { n: format.number(bytes / 1024 / 1024, { maximumFractionDigits: 1 }) })
      : t('kb', { n: format.number(Math.max(1, Math.round(bytes / 1024))) });
}

function useWorker(locale: Locale) {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register(FIELD_WORKER_URL, { scope: fieldScope(locale) }).catch(() => undefined);
  }, [locale]);
}

/** The browser's install prompt, offered as a button while it can be shown. */
function useInstallPrompt() {
  const [prompt, setPrompt] = useState<(Event & { prompt: () => Promise<void> }) | null>(null);
  useEffect(() => {
    const keep = (e: Event) => {
      e.preventDefault();
      setPrompt(e as Event & { prompt: () => Promise<void> });
    };
    window.addEventListener('beforeinstallprompt', keep);
    return () => window.removeEventListener('beforeinstallprompt', keep);
  }, []);
  return prompt ? () => void prompt.prompt().finally(() => setPrompt(null)) : null;
}

export function FieldScreen({ config }: { config: MapClientConfig }) {
  const t = useTranslations('VerifyField');
  const locale = useLocale() as Locale;
  const store = useFieldStore();
  const [view, setView] = useState<View>({ kind: 'home' });
  useWorker(locale);
  const install = useInstallPrompt();
  const waiting = store.queue.length;
  const troubled = store.queue.filter((q) => q.state !== 'pending').length;

  return (
    <Stack gap="sm" data-testid="field-screen" data-ready={store.ready ? 'true' : 'false'}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Badge
            color={store.online ? 'green' : 'gray'}
            variant={store.online ? 'light' : 'filled'}
            data-testid="field-network"
            data-online={store.online ? 'true' : 'false'}
            role="status"
          >
            {store.online ? t('online') : t('offline')}
          </Badge>
          <Button
            size="compact-sm"
            variant={view.kind === 'queue' ? 'filled' : 'light'}
            color={troubled ? 'orange' : undefined}
            onClick={() => setView({ kind: 'queue' })}
            data-testid="field-queue-button"
          >
            {t('queue.button', { count: waiting })}
            {troubled ? ` · ${t('queue.troubled', { count: troubled })}` : ''}
          </Button>
          {store.syncing ? (
            <Text size="sm" role="status">
              {t('queue.syncing')}
            </Text>
          ) : null}
        </Group>
        {install ? (
          <Button size="compact-sm" variant="outline" onClick={install}>
            {t('install')}
          </Button>
        ) : null}
      </Group>
      {store.unavailable ? (
        <Alert color="red" role="alert">
          {t('storeUnavailable')}
        </Alert>
      ) : null}
      {view.kind !== 'home' ? (
        <Group>
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => setView(view.kind === 'spot' ? { kind: 'batch', batchId: view.batchId } : { kind: 'home' })}
            data-testid="field-back"
          >
            {view.kind === 'spot' ? t('backToSpots') : t('backToPackages')}
          </Button>
        </Group>
      ) : null}
      {view.kind === 'home' ? (
        <Home store={store} config={config} onOpen={(batchId) => setView({ kind: 'batch', batchId })} />
      ) : view.kind === 'batch' ? (
        <FieldBatch
          batchId={view.batchId}
          pack={store.packages.find((p) => p.batchId === view.batchId) ?? null}
          queue={store.queue}
          config={config}
          onOpen={(caseId) => setView({ kind: 'spot', batchId: view.batchId, caseId })}
        />
      ) : view.kind === 'spot' ? (
        <FieldSpot
          caseId={view.caseId}
          pack={store.packages.find((p) => p.batchId === view.batchId) ?? null}
          queue={store.queue}
          config={config}
          onQueued={() => void store.refresh().then(() => (store.online ? store.sync() : undefined))}
        />
      ) : (
        <FieldQueue store={store} />
      )}
    </Stack>
  );
}

function Home({
  store,
  config,
  onOpen,
}: {
  store: ReturnType<typeof useFieldStore>;
  config: MapClientConfig;
  onOpen: (batchId: string) => void;
}) {
  const t = useTranslations('VerifyField');
  const format = useFormatter();
  const [batches, setBatches] = useState<{ batch: BatchSummary; open: number }[] | null>(null);
  const [batchesFailed, setBatchesFailed] = useState(false);
  const { online } = store;

  useEffect(() => {
    if (!online) return;
    let live = true;
    Promise.all([apiFetch(batchListContract), apiFetch(keyChangeBatchListContract)])
      .then(([auto, key]) => {
        if (!live) return;
        // One batch holds spots of both sources: its open spots are the sum.
        const byId = new Map<string, { batch: BatchSummary; open: number }>();
        for (const batch of [...auto, ...key]) {
          const had = byId.get(batch.id);
          byId.set(batch.id, { batch: had?.batch ?? batch, open: (had?.open ?? 0) + openCount(batch) });
        }
        setBatches([...byId.values()].filter((b) => b.open > 0));
        setBatchesFailed(false);
      })
      .catch(() => live && setBatchesFailed(true));
    return () => {
      live = false;
    };
  }, [online]);

  return (
    <Stack gap="md">
      <section aria-labelledby="field-downloaded">
        <Title order={2} size="h4" id="field-downloaded" mb="xs">
          {t('downloaded.title')}
        </Title>
        {!store.ready ? (
          <Text size="sm" role="status">
            {t('loading')}
          </Text>
        ) : store.packages.length === 0 ? (
          <Text size="sm" c="gray.7" data-testid="field-no-packages">
            {t('downloaded.none')}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {store.packages.map((p) => (
              <PackageCard
                key={p.batchId}
                pack={p}
                queuedCases={new Set(store.queue.map((q) => q.caseId))}
                onOpen={() => onOpen(p.batchId)}
                onRemoved={store.refresh}
              />
            ))}
          </SimpleGrid>
        )}
      </section>
      <section aria-labelledby="field-available">
        <Title order={2} size="h4" id="field-available" mb="xs">
          {t('available.title')}
        </Title>
        {!online ? (
          <Text size="sm" c="gray.7">
            {t('available.offline')}
          </Text>
        ) : batchesFailed ? (
          <Alert color="red" role="alert">
            {t('available.failed')}
          </Alert>
        ) : batches === null ? (
          <Text size="sm" role="status">
            {t('loading')}
          </Text>
        ) : batches.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t('available.none')}
          </Text>
        ) : (
          <Stack gap="sm">
            {batches.map(({ batch, open }) => (
              <BatchDownload
                key={batch.id}
                batch={batch}
                open={open}
                stored={store.packages.find((p) => p.batchId === batch.id) ?? null}
                config={config}
                onDone={store.refresh}
                format={format}
              />
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}

function PackageCard({
  pack,
  queuedCases,
  onOpen,
  onRemoved,
}: {
  pack: StoredPackage;
  queuedCases: Set<string>;
  onOpen: () => void;
  onRemoved: () => Promise<void>;
}) {
  const t = useTranslations('VerifyField');
  const format = useFormatter();
  const bytes = useBytes();
  const [refused, setRefused] = useState(false);
  const withWork = pack.caseIds.filter((id) => queuedCases.has(id)).length;
  return (
    <Paper withBorder p="sm" data-testid="field-package" data-batch={pack.batchId}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600}>{pack.batch.name}</Text>
          {pack.batch.demo ? <Badge variant="outline">{t('demo')}</Badge> : null}
        </Group>
        <Text size="sm">{t('downloaded.spots', { count: pack.caseIds.length })}</Text>
        <Text size="sm" c="gray.7">
          {t('downloaded.tiles', {
            stored: pack.tiles.stored,
            total: pack.tiles.count,
            size: bytes(pack.dataBytes + pack.tiles.bytes),
          })}
        </Text>
        <Text size="xs" c="gray.7">
          {t('downloaded.when', { when: format.dateTime(new Date(pack.downloadedAt), 'moment') })}
          {withWork ? ` · ${t('downloaded.withWork', { count: withWork })}` : ''}
        </Text>
        {refused ? (
          <Text size="sm" c="orange.9" role="alert">
            {t('downloaded.removeRefused')}
          </Text>
        ) : null}
        <Group gap="xs" mt={4}>
          <Button size="compact-sm" onClick={onOpen} data-testid="field-open-package">
            {t('downloaded.open')}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            onClick={async () => {
              if (!window.confirm(t('downloaded.removeConfirm'))) return;
              const removed = await removePackage(pack.batchId);
              setRefused(!removed);
              if (removed) await onRemoved();
            }}
          >
            {t('downloaded.remove')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function BatchDownload({
  batch,
  open,
  stored,
  config,
  onDone,
  format,
}: {
  batch: BatchSummary;
  open: number;
  stored: StoredPackage | null;
  config: MapClientConfig;
  onDone: () => Promise<void>;
  format: ReturnType<typeof useFormatter>;
}) {
  const t = useTranslations('VerifyField');
  const locale = useLocale();
  const bytes = useBytes();
  const [estimate, setEstimate] = useState<DownloadEstimate | null>(null);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const source = baseLayerSources(config, 'vec', locale)[0]!;
  const ref = { template: source.url, subdomains: source.subdomains };
  const headingId = `field-batch-${batch.id}`;

  const prepare = useCallback(async () => {
    setBusy(true);
    setError(null);
    try {
      setEstimate(await estimateDownload(batch.id, null, ref));
    } catch (e) {
      setError(e instanceof ApiClientError && e.message ? e.message : t('download.failed'));
    } finally {
      setBusy(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [batch.id, source.url]);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadPackage(batch.id, null, ref, setProgress, { preload: preloadMapView });
      await onDone();
    } catch (e) {
      setError(e instanceof ApiClientError && e.message ? e.message : t('download.failed'));
    } finally {
      setBusy(false);
    }
  };

  const percent = progress ? (progress.phase === 'done' ? 100 : progress.total ? (progress.done / progress.total) * 100 : 0) : 0;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={headingId} data-testid="field-batch" data-batch={batch.id}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} id={headingId}>
            {batch.name}
          </Text>
          {batch.demo ? <Badge variant="outline">{t('demo')}</Badge> : null}
        </Group>
        <Text size="sm">
          {t('available.open', { count: open })} ·{' '}
          {t('available.due', { date: format.dateTime(new Date(`${batch.checkDue}T00:00:00`), 'day') })}
          {stored ? ` · ${t('available.stored')}` : ''}
        </Text>
        {estimate ? (
          <Text size="sm" data-testid="field-estimate">
            {t('download.estimate', {
              spots: estimate.count,
              data: bytes(estimate.dataBytes),
              tiles: estimate.tiles,
              tileSize: estimate.tileBytes === null ? t('download.unknownSize') : bytes(estimate.tileBytes),
              total: bytes(estimate.dataBytes + (estimate.tileBytes ?? 0)),
            })}
          </Text>
        ) : null}
        {progress ? (
          <Stack gap={2}>
            <Progress value={percent} aria-label={t('download.progressLabel')} data-testid="field-progress" data-phase={progress.phase} />
            <Text size="xs" c="gray.7" role="status">
              {progress.phase === 'done'
                ? t('download.done', { size: bytes(progress.bytes) })
                : progress.phase === 'tiles'
                  ? t('download.tiles', { done: progress.done, total: progress.total, size: bytes(progress.bytes) })
                  : t(`download.${progress.phase}`)}
            </Text>
          </Stack>
        ) : null}
        {error ? (
          <Alert color="red" p="xs" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group gap="xs">
          {!estimate ? (
            <Button size="compact-sm" variant="light" onClick={() => void prepare()} loading={busy} data-testid="field-prepare">
              {stored ? t('download.prepareAgain') : t('download.prepare')}
            </Button>
          ) : (
            <Button
              size="compact-sm"
              onClick={() => void download()}
              loading={busy}
              disabled={progress?.phase === 'done'}
              data-testid="field-download"
            >
              {t('download.start')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

export { classes as fieldClasses };
