'use client';
/**
 * spotTrack (spec §2; issue 33.3): illegal cases under rectification and everything overdue, by region. The figures
 * of each child region of the one shown (cases per rectification stage, overdue, the on-time share), a region's
 * name drilling down to its children; under them the cases themselves with their due dates and who holds each now
 * (the level whose step it is: county checker, city reviewer or province confirmer).
 */
import { Anchor, Breadcrumbs, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/ui/data-table';
import { LoadFailed, LoadingRows } from '@/components/ui/load-states';
import { TableScroll } from '@/components/ui/table-scroll';
import { useDictionary } from '@/lib/client/queries/spots';
import { useCaseList, useRegionFigures, type CaseListFilters } from '@/lib/client/queries/verification';
import type { RegionFigure } from '@/lib/shared/contracts/verification';
import { COUNTRY_CODE, levelOfCode } from '@/lib/shared/regions/codes';
import { CaseTable } from './case-table';
import { CaseFilters, CasePager, EMPTY_FILTERS, toListFilters, type FilterValue } from './parts';
import { homeRegion, type VerifyRole } from './roles';
import { holderOf, RECTIFICATION_STAGES } from './stages';

const PAGE_SIZE = 20;
const TRACK_TABS = ['rectification', 'overdue'] as const;
type TrackTab = (typeof TRACK_TABS)[number];
const RECTIFICATION = RECTIFICATION_STAGES.join(',');
const TAB_FILTERS: Record<TrackTab, CaseListFilters> = { rectification: { stage: RECTIFICATION }, overdue: { overdue: 'true' } };

const rectifying = (f: RegionFigure) => RECTIFICATION_STAGES.reduce((n, s) => n + (f.byStage[s] ?? 0), 0);

function FiguresTable({
  items,
  total,
  onDrill,
}: {
  items: readonly RegionFigure[];
  total: RegionFigure;
  onDrill: (region: { code: string; name: string }) => void;
}) {
  const t = useTranslations('VerifyList.track');
  const names = useDictionary('VERIFY_STAGE').data ?? [];
  const stageName = (s: string) => names.find((n) => n.itemValue === s)?.name ?? s;
  const share = (f: RegionFigure) => (f.onTimeShare === null ? t('noShare') : `${Math.round(f.onTimeShare * 100)}%`);
  const row = (f: RegionFigure, head: boolean) => (
    <tr key={head ? 'total' : f.code} data-testid={head ? 'figures-total' : 'figures-row'} data-region={f.code}>
      <th scope="row" style={{ textAlign: 'left', fontWeight: head ? 700 : 'normal' }}>
        {!head && levelOfCode(f.code) !== 'county' && f.count > 0 ? (
          <Anchor
            component="button"
            type="button"
            onClick={() => onDrill(f)}
            aria-label={t('drill', { region: f.name })}
            data-testid="figures-drill"
          >
            {f.name}
          </Anchor>
        ) : head ? (
          t('totalRow', { region: f.name })
        ) : (
          f.name
        )}
      </th>
      <td style={{ textAlign: 'right' }} data-col="rectification">
        {rectifying(f)}
      </td>
      {RECTIFICATION_STAGES.map((s) => (
        <td key={s} style={{ textAlign: 'right' }} data-col={s}>
          {f.byStage[s] ?? 0}
        </td>
      ))}
      <td style={{ textAlign: 'right' }} data-col="withImagery">
        {f.rectifiedWithImagery}
      </td>
      <td style={{ textAlign: 'right', fontWeight: f.overdue > 0 ? 700 : undefined }} data-col="overdue">
        {f.overdue}
      </td>
      <td style={{ textAlign: 'right' }} data-col="onTime">
        {share(f)}
      </td>
      <td style={{ textAlign: 'right' }} data-col="count">
        {f.count}
      </td>
    </tr>
  );
  return (
    <>
      <TableScroll minWidth={720} label={t('figuresTitle')}>
        <DataTable striped spacing="xs" data-testid="figures-table">
          <thead>
            <tr>
              <th scope="col">{t('region')}</th>
              <th scope="col" style={{ textAlign: 'right' }}>
                {t('underRectification')}
              </th>
              {RECTIFICATION_STAGES.map((s) => (
                <th scope="col" key={s} style={{ textAlign: 'right' }}>
                  {stageName(s)}
                </th>
              ))}
              <th scope="col" style={{ textAlign: 'right' }} aria-describedby="figures-with-imagery-hint">
                {t('withImagery')}
              </th>
              <th scope="col" style={{ textAlign: 'right' }}>
                {t('overdue')}
              </th>
              <th scope="col" style={{ textAlign: 'right' }}>
                {t('onTime')}
              </th>
              <th scope="col" style={{ textAlign: 'right' }}>
                {t('cases')}
              </th>
            </tr>
          </thead>
          <tbody>
            {items.filter((f) => f.code !== total.code).map((f) => row(f, false))}
            {row(total, true)}
          </tbody>
        </DataTable>
      </TableScroll>
      <Text size="xs" c="gray.7" mt={4} id="figures-with-imagery-hint">
        {t('withImageryHint')}
      </Text>
    </>
  );
}

export function SpotTrackScreen({ roles }: { roles: VerifyRole[]; admin: boolean }) {
  const t = useTranslations('VerifyList');
  const home = homeRegion(roles);
  const [form, setForm] = useState<FilterValue>(EMPTY_FILTERS);
  // The regions drilled through, outermost first (the first is where the user starts).
  const [trail, setTrail] = useState<{ code: string; name: string }[]>([]);
  const [tab, setTab] = useState<TrackTab>('rectification');
  const [page, setPage] = useState(1);
  const region = trail.at(-1)?.code ?? home ?? undefined;
  const base = useMemo<CaseListFilters>(() => ({ ...toListFilters(form), region }), [form, region]);
  const figures = useRegionFigures(base);
  const listFilters = useMemo<CaseListFilters>(() => ({ ...base, ...TAB_FILTERS[tab] }), [base, tab]);
  const list = useCaseList(listFilters, 'due', page, PAGE_SIZE);
  const data = list.data;
  // Where the user starts (their region, or every region they reach), then the regions drilled into.
  const start = {
    code: home ?? COUNTRY_CODE,
    name: home ? (roles.find((r) => r.regionCode === home)?.regionName ?? home) : t('track.allRegions'),
  };
  const crumbs = [start, ...trail];

  return (
    <Stack gap="md">
      <CaseFilters
        value={form}
        roles={roles}
        show={['batch', 'verdict', 'changeType']}
        onApply={(next) => {
          setForm(next);
          setPage(1);
        }}
      />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby="figures-title">
        <Stack gap="sm" aria-busy={figures.isFetching}>
          <Title order={2} size="h4" id="figures-title">
            {t('track.figuresTitle')}
          </Title>
          <Breadcrumbs separator="›" aria-label={t('track.trail')} data-testid="figures-trail">
            {crumbs.map((c, i) =>
              i === crumbs.length - 1 ? (
                <Text key={c.code} size="sm" fw={600} aria-current="location">
                  {c.name}
                </Text>
              ) : (
                <Anchor
                  key={c.code}
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => {
                    setTrail((prev) => prev.slice(0, i));
                    setPage(1);
                  }}
                >
                  {c.name}
                </Anchor>
              ),
            )}
          </Breadcrumbs>
          {figures.isPending ? (
            <LoadingRows label={t('loading')} count={3} height={32} />
          ) : figures.isError && !figures.data ? (
            <LoadFailed title={t('loadFailed')} message={figures.error.message} retry={t('retry')} onRetry={figures.refetch} />
          ) : figures.data ? (
            <FiguresTable
              items={figures.data.items}
              total={figures.data.total}
              onDrill={(r) => {
                setTrail((prev) => [...prev, { code: r.code, name: r.name }]);
                setPage(1);
              }}
            />
          ) : null}
        </Stack>
      </Paper>
      <Tabs
        value={tab}
        onChange={(v) => {
          if (!v) return;
          setTab(v as TrackTab);
          setPage(1);
        }}
        keepMounted={false}
      >
        <Tabs.List>
          {TRACK_TABS.map((k) => (
            <Tabs.Tab key={k} value={k} data-testid={`track-tab-${k}`}>
              {t(`track.tabs.${k}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TRACK_TABS.map((k) => (
          <Tabs.Panel key={k} value={k} pt="md">
            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
              <Stack gap="sm" aria-busy={list.isFetching}>
                {data ? (
                  <Group justify="space-between">
                    <Text size="sm" c="gray.7" data-testid="case-total" data-total={data.total}>
                      {t('total', { total: data.total, overdue: data.overdue })}
                    </Text>
                  </Group>
                ) : null}
                {list.isPending ? (
                  <LoadingRows label={t('loading')} count={5} height={36} />
                ) : list.isError && !data ? (
                  <LoadFailed title={t('loadFailed')} message={list.error.message} retry={t('retry')} onRetry={list.refetch} />
                ) : !data || data.total === 0 ? (
                  <Text c="gray.7" data-testid="case-empty">
                    {t(`track.empty.${k}`)}
                  </Text>
                ) : (
                  <>
                    <CaseTable
                      cases={data.list}
                      caption={t(`track.tabs.${k}`)}
                      minWidth={820}
                      extra={[
                        {
                          header: t('table.holder'),
                          cell: (c) => {
                            const holder = holderOf(c.status);
                            return (
                              <Text size="sm" data-testid="case-holder" data-holder={holder ?? 'none'}>
                                {holder ? t(`holders.${holder}`) : t('holders.none')}
                              </Text>
                            );
                          },
                        },
                      ]}
                    />
                    <CasePager total={data.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
                  </>
                )}
              </Stack>
            </Paper>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
