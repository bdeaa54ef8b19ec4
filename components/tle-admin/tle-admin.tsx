'use client';

import { Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { ListSection, ScreenHeading } from '@/components/ui/list-section';
import { PagedList } from '@/components/ui/paged-list';
import { ApiClientError } from '@/lib/client/api';
import { makeTleSetCurrent, TLE_SETS_PAGE_SIZE, tleAdminKeys, useTleSets } from '@/lib/client/queries/tle-admin';
import type { TleSetSummary } from '@/lib/shared/contracts/tle-admin';
import { useTleSourceLabel } from '@/lib/client/hooks/use-tle-source-label';
import { useUncertaintyText } from '@/lib/client/hooks/use-uncertainty-text';
import { STALE_TLE_DAYS } from '@/lib/shared/orbits/uncertainty';
import { TleUpload, useEpochSpan } from './tle-upload';

/** One stored element set: its source, epochs, coverage, age and the position uncertainty that gives now. */
export function SetRow({ set, busy, onMakeCurrent }: { set: TleSetSummary; busy: boolean; onMakeCurrent: (set: TleSetSummary) => void }) {
  const t = useTranslations('TleAdmin');
  const format = useFormatter();
  const span = useEpochSpan();
  const sourceLabel = useTleSourceLabel();
  const uncertainty = useUncertaintyText();
  return (
    <Paper withBorder radius="md" p="md" component="li" aria-labelledby={`tle-set-${set.id}`} data-testid="tle-set-row">
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Title order={3} size="h5" id={`tle-set-${set.id}`} style={{ overflowWrap: 'anywhere' }}>
          {sourceLabel(set.source)}
        </Title>
        <Group gap={6}>
          {set.current ? (
            <Badge color="teal" tt="none" data-testid="tle-set-current">
              {t('list.current')}
            </Badge>
          ) : null}
          {set.stale ? (
            <Badge color="yellow" variant="light" tt="none" data-testid="tle-set-stale">
              {t('list.stale', { days: STALE_TLE_DAYS, uncertainty: uncertainty.value(set.oldestUncertaintyKm) })}
            </Badge>
          ) : null}
        </Group>
      </Group>
      <Text size="sm" mt={4}>
        {t('result.epochs', span(set.epochMin, set.epochMax))}
      </Text>
      <Text size="sm" c="gray.7" mt={4}>
        {t('result.satellites', { count: set.satellites })} ·{' '}
        {t('result.chinese', { covered: set.chineseCovered, total: set.chineseTotal })} ·{' '}
        {t('result.oldest', { days: set.oldestAgeDays, uncertainty: uncertainty.value(set.oldestUncertaintyKm), model: uncertainty.model })}
      </Text>
      <Text size="sm" c="gray.7" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {set.uploadedBy ? t('list.uploadedBy', { name: set.uploadedBy }) : t('list.shipped')} ·{' '}
        {t('list.createdAt', { date: format.dateTime(new Date(set.createdAt), 'moment') })}
      </Text>
      {set.current ? null : (
        <Button
          mt="sm"
          size="compact-md"
          variant="light"
          loading={busy}
          onClick={() => onMakeCurrent(set)}
          aria-label={t('list.makeCurrentLabel', { source: sourceLabel(set.source) })}
          data-testid="tle-make-current"
        >
          {t('list.makeCurrent')}
        </Button>
      )}
    </Paper>
  );
}

/** Administrators: upload a fresh TLE file; the stored sets, which is current, and making an older one current again. */
export function TleAdmin() {
  const t = useTranslations('TleAdmin');
  const client = useTranslations('Client');
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const list = useTleSets(page);
  const data = list.data;
  const sourceLabel = useTleSourceLabel();

  async function makeCurrent(set: TleSetSummary) {
    setBusyId(set.id);
    setNotice(null);
    try {
      const made = await makeTleSetCurrent(set.id);
      setNotice({ ok: true, text: t('list.made', { source: sourceLabel(made.source) }) });
      await queryClient.invalidateQueries({ queryKey: tleAdminKeys.all });
    } catch (failed) {
      if (failed instanceof ApiClientError && failed.silent) return;
      setNotice({ ok: false, text: failed instanceof Error && failed.message ? failed.message : client('unknownError') });
    } finally {
      setBusyId(null);
    }
  }

  return (
    <Stack gap="lg">
      <ScreenHeading title={t('title')} intro={t('intro')} />
      <TleUpload />
      <ListSection
        id="tle-sets-title"
        title={t('list.title')}
        count={data ? t('list.total', { total: data.total }) : null}
        countTestId="tle-sets-total"
      >
        {notice ? (
          <Alert
            color={notice.ok ? 'teal' : 'red'}
            role={notice.ok ? 'status' : 'alert'}
            title={notice.ok ? undefined : t('list.makeFailed')}
            data-testid="tle-notice"
          >
            {notice.text}
          </Alert>
        ) : null}
        <PagedList
          query={list}
          data={data}
          page={page}
          pageSize={TLE_SETS_PAGE_SIZE}
          onPage={setPage}
          labels={{ loading: t('list.loading'), loadFailed: t('list.loadFailed'), retry: t('list.retry'), pages: t('list.pages') }}
          empty={<Text c="gray.7">{t('list.empty')}</Text>}
          row={(set) => <SetRow key={set.id} set={set} busy={busyId === set.id} onMakeCurrent={(s) => void makeCurrent(s)} />}
          listTestId="tle-sets"
        />
      </ListSection>
    </Stack>
  );
}
