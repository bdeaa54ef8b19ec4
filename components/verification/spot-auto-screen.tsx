'use client';
/**
 * spotAuto (spec §2; issue 33.3): the spots pushed to me. The map (the verification layer over WMS, filtered as the
 * list is, with a marker per listed case) beside the list (stacked on a phone); the filters, the stage chips with
 * their counts, the mix of the filtered cases, and the bulk "accept into checking" of the pushed ones, with each
 * refusal named. A row's "show on map" frames its spot and opens its marker.
 */
import { Alert, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { MapView, type BBox, type MapClientConfig, type MapMarker, type WmsLayer } from '@/components/map';
import { formatHectares } from '@/components/monitor/format';
import { LoadFailed, LoadingRows } from '@/components/ui/load-states';
import { useBulkMove, useCaseList, type CaseListFilters } from '@/lib/client/queries/verification';
import type { CaseSummary } from '@/lib/shared/contracts/verification';
import type { VerificationStatus } from '@/lib/shared/workflow';
import { caseCql } from './case-cql';
import { CaseTable } from './case-table';
import { ExportPanel } from './export-panel';
import { FieldRoutePanel } from './field-route-panel';
import { MixPanel } from './mix-panel';
import { CaseFilters, CasePager, EMPTY_FILTERS, StageChips, toListFilters, type FilterValue } from './parts';
import { homeRegion, type VerifyRole } from './roles';
import classes from './verify.module.css';

export const AUTO_PAGE_SIZE = 20;
const ACCEPT: VerificationStatus = 'checking';
const MAP_HEIGHT = 520;

/** A box around the listed cases' points (a little margin), or null when there are none. */
function boxOf(cases: readonly CaseSummary[]): BBox | null {
  if (!cases.length) return null;
  const xs = cases.map((c) => c.center[0]);
  const ys = cases.map((c) => c.center[1]);
  const pad = 0.01;
  return [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) + pad, Math.max(...ys) + pad];
}

export function SpotAutoScreen({ roles, config }: { roles: VerifyRole[]; admin: boolean; config: MapClientConfig }) {
  const t = useTranslations('VerifyList');
  const locale = useLocale();
  const [form, setForm] = useState<FilterValue>({ ...EMPTY_FILTERS, region: homeRegion(roles) ?? '' });
  const [stage, setStage] = useState<VerificationStatus | null>(null);
  const [page, setPage] = useState(1);
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set());
  const [active, setActive] = useState<{ id: string; nudge: number } | null>(null);
  const filters = useMemo<CaseListFilters>(() => ({ ...toListFilters(form), stage: stage ?? undefined }), [form, stage]);
  const list = useCaseList(filters, 'due', page, AUTO_PAGE_SIZE);
  const bulk = useBulkMove();
  const data = list.data;
  const cases = useMemo(() => data?.list ?? [], [data]);

  const reset = () => {
    setPage(1);
    setChecked(new Set());
    setActive(null);
    bulk.reset();
  };
  const select = (ids: readonly string[], on: boolean) =>
    setChecked((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const chosen = cases.filter((c) => checked.has(c.id) && c.actions.includes(ACCEPT));
  // The spot numbers of the cases sent, to name the refused ones after the list has reloaded.
  const [sent, setSent] = useState<ReadonlyMap<string, string>>(new Map());
  const spotOf = (id: string) => sent.get(id) ?? id;

  async function accept() {
    setSent(new Map(chosen.map((c) => [c.id, c.spotNo])));
    const result = await bulk.mutateAsync({ to: ACCEPT, cases: chosen.map((c) => ({ id: c.id, version: c.version })) }).catch(() => null);
    if (result) setChecked(new Set());
  }

  const wmsLayers = useMemo<WmsLayer[]>(
    () => [
      { id: 'cases', title: t('auto.layer'), layers: 'cloudPlatform:tb_spot_bjhs_meta', cqlFilter: caseCql(filters), featureInfo: false },
    ],
    [filters, t],
  );
  const markers = useMemo<MapMarker[]>(
    () =>
      cases.map((c) => ({
        id: c.id,
        position: c.center,
        label: t('auto.marker', { spot: c.spotNo }),
        popup: {
          title: c.spotNo,
          rows: [
            { label: t('table.county'), value: c.countyName },
            { label: t('table.stage'), value: c.statusName },
            {
              label: t('table.changeArea'),
              value: `${c.changeTypeName} · ${t('table.hectares', { area: formatHectares(c.areaM2, locale) })}`,
            },
            { label: t('table.due'), value: c.stageDue ?? t('noDue') },
          ],
          note: c.demo ? t('demoNote') : undefined,
        },
      })),
    [cases, t, locale],
  );
  const activeCase = active ? cases.find((c) => c.id === active.id) : undefined;
  const fit: BBox | null = activeCase
    ? [
        activeCase.center[0] - 0.01 - active!.nudge * 1e-9,
        activeCase.center[1] - 0.008,
        activeCase.center[0] + 0.01,
        activeCase.center[1] + 0.008,
      ]
    : boxOf(cases);
  const demo = cases.some((c) => c.demo);

  return (
    <Stack gap="md">
      <CaseFilters
        value={form}
        roles={roles}
        onApply={(next) => {
          setForm(next);
          reset();
        }}
      />
      <StageChips
        counts={data?.stageCounts}
        value={stage}
        onChange={(s) => {
          setStage(s);
          reset();
        }}
      />
      {demo ? (
        <Alert color="yellow" variant="light" title={t('demoTitle')} data-testid="verify-demo-notice">
          {t('demoNotice')}
        </Alert>
      ) : null}
      <Grid gap="md" overflow="visible">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder radius="md" component="section" aria-label={t('auto.mapLabel')} className={classes.map}>
            <MapView
              config={config}
              label={t('auto.mapLabel')}
              wmsLayers={wmsLayers}
              markers={markers}
              selectedMarkerId={active?.id ?? null}
              onSelectMarker={(id) => setActive(id ? { id, nudge: active?.nudge ?? 0 } : null)}
              fitBounds={fit}
              height={MAP_HEIGHT}
            />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="auto-list-title">
            <Stack gap="sm" aria-busy={list.isFetching}>
              <Group justify="space-between" align="baseline" gap="xs">
                <Title order={2} size="h4" id="auto-list-title">
                  {t('auto.listTitle')}
                </Title>
                {data ? (
                  <Text size="sm" c="gray.7" data-testid="case-total" data-total={data.total}>
                    {t('total', { total: data.total, overdue: data.overdue })}
                  </Text>
                ) : null}
              </Group>
              <Group gap="sm" wrap="wrap">
                <Button onClick={() => void accept()} disabled={chosen.length === 0} loading={bulk.isPending} data-testid="bulk-accept">
                  {t('auto.accept', { count: chosen.length })}
                </Button>
                <Text size="sm" c="gray.7">
                  {t('auto.acceptHint')}
                </Text>
              </Group>
              {bulk.data ? (
                <Alert
                  color={bulk.data.refused.length ? 'orange' : 'green'}
                  variant="light"
                  role="status"
                  title={t('auto.accepted', { count: bulk.data.moved.length })}
                  data-testid="bulk-result"
                >
                  {bulk.data.refused.length ? (
                    <>
                      <Text size="sm">{t('auto.refused', { count: bulk.data.refused.length })}</Text>
                      <ul data-testid="bulk-refused">
                        {bulk.data.refused.map((r) => (
                          <li key={r.id}>{t('auto.refusedOne', { spot: spotOf(r.id), message: r.message })}</li>
                        ))}
                      </ul>
                    </>
                  ) : null}
                </Alert>
              ) : null}
              {bulk.isError ? (
                <Alert color="red" role="alert" data-testid="bulk-error">
                  {bulk.error.message || t('failed')}
                </Alert>
              ) : null}
              {list.isPending ? (
                <LoadingRows label={t('loading')} count={5} height={36} />
              ) : list.isError && !data ? (
                <LoadFailed title={t('loadFailed')} message={list.error.message} retry={t('retry')} onRetry={list.refetch} />
              ) : !data || data.total === 0 ? (
                <Text c="gray.7" data-testid="case-empty">
                  {t('empty')}
                </Text>
              ) : (
                <>
                  <CaseTable
                    cases={cases}
                    caption={t('auto.listTitle')}
                    activeId={active?.id}
                    minWidth={640}
                    compact
                    selection={{ checked, selectable: (c) => c.actions.includes(ACCEPT), onChange: select }}
                    extra={[
                      {
                        header: t('table.map'),
                        cell: (c) => (
                          <Button
                            size="compact-xs"
                            variant="light"
                            aria-label={t('auto.locate', { spot: c.spotNo })}
                            aria-pressed={active?.id === c.id}
                            onClick={() => setActive({ id: c.id, nudge: (active?.nudge ?? 0) + 1 })}
                            data-testid="case-locate"
                          >
                            {t('auto.locateShort')}
                          </Button>
                        ),
                      },
                    ]}
                  />
                  <CasePager
                    total={data.total}
                    pageSize={AUTO_PAGE_SIZE}
                    page={page}
                    onChange={(p) => {
                      setPage(p);
                      setActive(null);
                    }}
                  />
                </>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
      <FieldRoutePanel roles={roles} config={config} />
      <MixPanel filters={filters} />
      <ExportPanel filters={filters} />
    </Stack>
  );
}
