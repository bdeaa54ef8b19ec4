'use client';
/**
 * Push statistics (spec §2 `/statistics/push`, issue 36.3): what the push delivery delivered in a period — to the
 * signed-in node user, or (administrators) to everyone or one user — as figures, a trend over the periods, by region
 * (drill from the provinces to their cities), by image type and per user, each chart beside a table of the same
 * numbers; exported as CSV. Who may read whom is the server's decision (the answer says whether a user may be chosen).
 */
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { usePathname, useSearchParams } from 'next/navigation';
import { useId, useMemo, useState } from 'react';
import { QueryState } from '@/components/monitor/query-state';
import { LazyRankingBarChart, LazyTrendLineChart } from '@/components/statistics/charts-lazy';
import { FiguresTable } from '@/components/statistics/figures-table';
import { RegionBreadcrumb } from '@/components/statistics/region-breadcrumb';
import { TableScroll } from '@/components/ui/table-scroll';
import { downloadPushStatistics, usePushStatisticsFigures, usePushUsers } from '@/lib/client/queries/push';
import { PUSH_STATS_LIMITS, type PushMeasures, type PushStatsStep, type RegionMeasures } from '@/lib/shared/contracts/push-statistics';
import { childLevelOf } from '@/lib/shared/regions/codes';
import { parsePushStatsState, pushStatsSearch, STEPS, termsOf, type PushStatsState } from './state';

/** A term in the reader's language. */
function useTermLabel() {
  const t = useTranslations('PushStats');
  return (term: string) => {
    const year = term.slice(0, 4);
    if (/Q/.test(term)) return t('term.quarter', { year, q: term.slice(5) });
    if (term.length === 7) return t('term.month', { year, month: term.slice(5, 7) });
    return t('term.year', { year });
  };
}

function Figure({ label, value, note, testId }: { label: string; value: string; note?: string; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid={testId}>
      <Text size="sm" c="gray.7">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
      {note ? (
        <Text size="xs" c="gray.7">
          {note}
        </Text>
      ) : null}
    </Paper>
  );
}

/** `admin`: the reader is an administrator (the page's session): everyone's figures first. The API decides again. */
export function PushStatisticsScreen({ admin: adminReader = false }: { admin?: boolean }) {
  const t = useTranslations('PushStats');
  const locale = useLocale();
  const format = useFormatter();
  const termLabel = useTermLabel();
  const ids = { step: useId(), from: useId(), to: useId(), user: useId() };
  // The choices live in the address, so a link (or Back) brings the same figures again.
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const state = useMemo(() => parsePushStatsState(searchParams, adminReader), [searchParams, adminReader]);
  const { step, from, to, region, user, page: usersPage } = state;
  const terms = useMemo(() => termsOf(step), [step]);
  const update = (patch: Partial<PushStatsState>, replace = false) => {
    const current = parsePushStatsState(new URLSearchParams(window.location.search), adminReader);
    const url = `${pathname}${pushStatsSearch({ ...current, ...patch }, adminReader)}`;
    if (replace) window.history.replaceState(null, '', url);
    else window.history.pushState(null, '', url);
  };
  const setRegion = (code: string) => update({ region: code, page: 1 });
  const setUsersPage = (next: (page: number) => number) => update({ page: next(usersPage) }, true);
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const query = { period: from === to ? from : `${from}..${to}`, step, region, user, pageNum: usersPage };
  const answer = usePushStatisticsFigures(query);
  const data = answer.data;
  const admin = data?.mayChooseUser ?? false;
  const pushUsers = usePushUsers(1, 'push', '', admin);

  const n = (value: number, digits = 0) => format.number(value, { maximumFractionDigits: digits });
  const pct = (value: number | null) => (value === null ? t('none') : `${n(value, 1)} %`);

  const changeStep = (next: PushStatsStep) => {
    const list = termsOf(next);
    update({ step: next, from: list[Math.min(3, list.length - 1)]!, to: list[0]! }, true);
  };
  // The end never before the start: choosing one moves the other when needed.
  const changeFrom = (value: string) => update({ from: value, ...(value > to ? { to: value } : {}) }, true);
  const changeTo = (value: string) => update({ to: value, ...(value < from ? { from: value } : {}) }, true);
  const chooseUser = (value: string) => update({ user: value, page: 1 });

  const download = async () => {
    setExportError(null);
    setExporting(true);
    try {
      const { pageNum: _page, ...rest } = query;
      await downloadPushStatistics(rest, locale, (kind) => t(kind === 'network' ? 'exportNetwork' : 'exportFailed'));
    } catch (error) {
      setExportError(error instanceof Error ? error.message : t('exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  const userOptions = [
    { value: 'all', label: t('allUsers') },
    { value: 'me', label: t('me') },
    ...(pushUsers.data?.list ?? []).map((u) => ({ value: u.userId, label: u.realName ? `${u.realName} (${u.username})` : u.username })),
  ];
  if (user !== 'me' && user !== 'all' && !userOptions.some((o) => o.value === user) && data?.subject.username)
    userOptions.push({ value: user, label: data.subject.username });

  const f: PushMeasures | undefined = data?.figures;
  const empty = data !== undefined && f !== undefined && f.batches === 0 && f.spotBatches === 0;
  const canDrill = (code: string) => childLevelOf(code) !== null && childLevelOf(code) !== 'county';

  return (
    <Stack gap="md">
      <Paper withBorder p="sm" radius="md" component="form" onSubmit={(e) => e.preventDefault()} aria-label={t('filters')}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <div>
            <Text size="sm" fw={500} id={ids.step} mb={4}>
              {t('step')}
            </Text>
            <SegmentedControl
              aria-labelledby={ids.step}
              value={step}
              onChange={(v) => changeStep(v as PushStatsStep)}
              data={STEPS.map((s) => ({ value: s, label: t(`steps.${s}`) }))}
              data-testid="push-stats-step"
            />
          </div>
          <NativeSelect
            id={ids.from}
            label={t('from')}
            value={from}
            onChange={(e) => changeFrom(e.currentTarget.value)}
            data={terms.map((term) => ({ value: term, label: termLabel(term) }))}
            data-testid="push-stats-from"
          />
          <NativeSelect
            id={ids.to}
            label={t('to')}
            value={to}
            onChange={(e) => changeTo(e.currentTarget.value)}
            data={terms.map((term) => ({ value: term, label: termLabel(term) }))}
            data-testid="push-stats-to"
          />
          {admin ? (
            <NativeSelect
              id={ids.user}
              label={t('user')}
              value={user}
              onChange={(e) => chooseUser(e.currentTarget.value)}
              data={userOptions}
              data-testid="push-stats-user"
            />
          ) : null}
          <Button variant="light" onClick={() => void download()} loading={exporting} data-testid="push-stats-export">
            {t('export')}
          </Button>
        </Group>
        {exportError ? (
          <Alert color="red" role="alert" mt="xs" py={6}>
            {exportError}
          </Alert>
        ) : null}
      </Paper>

      <Text size="sm" c="gray.7" data-testid="push-stats-definitions">
        {t('definitions', { hours: PUSH_STATS_LIMITS.onTimeHours })}
      </Text>

      <QueryState loading={answer.isPending} error={answer.error}>
        {data && f ? (
          <Stack gap="lg" aria-busy={answer.isFetching}>
            <Text size="sm" data-testid="push-stats-subject" role="status">
              {data.subject.all
                ? t('subjectAll', { period: `${termLabel(from)} – ${termLabel(to)}` })
                : t('subjectUser', { user: data.subject.username ?? '', period: `${termLabel(from)} – ${termLabel(to)}` })}
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
              <Figure label={t('columns.scenes')} value={n(f.scenes)} testId="push-stats-scenes" />
              <Figure label={t('columns.km2')} value={n(f.km2)} testId="push-stats-km2" />
              <Figure label={t('columns.gb')} value={n(f.gb, 2)} testId="push-stats-gb" />
              <Figure
                label={t('columns.batches')}
                value={n(f.batches)}
                note={t('fetchedOf', { fetched: f.fetched })}
                testId="push-stats-batches"
              />
              <Figure
                label={t('columns.spotBatches')}
                value={n(f.spotBatches)}
                note={t('acknowledgedOf', { acknowledged: f.spotAcknowledged })}
                testId="push-stats-spot-batches"
              />
              <Figure
                label={t('columns.onTimePct')}
                value={pct(f.onTimePct)}
                note={t('onTimeNote', { onTime: f.onTime, late: f.late, waiting: f.waiting })}
                testId="push-stats-on-time"
              />
            </SimpleGrid>
            {empty ? (
              <Text c="gray.7" role="status" data-testid="push-stats-empty">
                {t('empty')}
              </Text>
            ) : null}

            <section aria-labelledby="push-stats-trend">
              <Title order={2} size="h4" id="push-stats-trend" mb="xs">
                {t('trend')}
              </Title>
              <LazyTrendLineChart
                data={data.trend.map((p) => ({ name: termLabel(p.period), count: p.scenes, area: p.km2 }))}
                label={t('trendChart')}
                countLabel={t('columns.scenes')}
                areaLabel={t('columns.km2')}
              />
              <TableScroll minWidth={720} maxHeight={360} label={t('trend')}>
                <FiguresTable
                  caption={t('trend')}
                  head={
                    <>
                      <Table.Th>{t('columns.period')}</Table.Th>
                      <ColumnHeads columns={MEASURE_COLUMNS} />
                    </>
                  }
                >
                  {data.trend.map((p) => (
                    <Table.Tr key={p.period} data-testid="push-stats-trend-row">
                      <Table.Td>{termLabel(p.period)}</Table.Td>
                      <ColumnCells columns={MEASURE_COLUMNS} m={p} />
                    </Table.Tr>
                  ))}
                </FiguresTable>
              </TableScroll>
            </section>

            <section aria-labelledby="push-stats-regions">
              <Title order={2} size="h4" id="push-stats-regions" mb="xs">
                {t('byRegion', { region: data.region.name })}
              </Title>
              <RegionBreadcrumb region={region} onSelect={setRegion} testId="push-stats-breadcrumb" />
              {data.regions.some((r) => r.scenes > 0) ? (
                <LazyRankingBarChart
                  data={data.regions.filter((r) => r.scenes > 0).map((r) => ({ name: r.name, value: r.scenes }))}
                  label={t('regionChart', { region: data.region.name })}
                  color="#1b5fc9"
                />
              ) : null}
              <TableScroll minWidth={560} maxHeight={420} label={t('byRegion', { region: data.region.name })}>
                <FiguresTable
                  caption={t('byRegion', { region: data.region.name })}
                  head={
                    <>
                      <Table.Th>{t('columns.region')}</Table.Th>
                      <ColumnHeads columns={REGION_COLUMNS} />
                    </>
                  }
                >
                  {data.regions.map((r) => (
                    <Table.Tr key={r.code} data-testid="push-stats-region-row" data-code={r.code}>
                      <Table.Td>
                        {canDrill(r.code) ? (
                          <UnstyledButton td="underline" onClick={() => setRegion(r.code)} aria-label={t('drill', { region: r.name })}>
                            {r.name}
                          </UnstyledButton>
                        ) : (
                          r.name
                        )}
                      </Table.Td>
                      <ColumnCells columns={REGION_COLUMNS} m={r} />
                    </Table.Tr>
                  ))}
                  {data.regionRest.scenes > 0 || data.regionRest.spots > 0 ? (
                    <Table.Tr>
                      <Table.Td>{t('regionRest')}</Table.Td>
                      <ColumnCells columns={REGION_COLUMNS} m={data.regionRest} />
                    </Table.Tr>
                  ) : null}
                  <Table.Tr data-testid="push-stats-region-total">
                    <Table.Td>
                      <b>{t('columns.total')}</b>
                    </Table.Td>
                    <ColumnCells columns={REGION_COLUMNS} m={data.regionTotal} />
                  </Table.Tr>
                </FiguresTable>
              </TableScroll>
            </section>

            <section aria-labelledby="push-stats-types">
              <Title order={2} size="h4" id="push-stats-types" mb="xs">
                {t('byType')}
              </Title>
              {data.types.length > 0 ? (
                <LazyRankingBarChart
                  data={data.types
                    .slice(0, 15)
                    .map((ty) => ({ name: `${ty.satellite} ${ty.sensor} ${ty.productLevel}`, value: ty.scenes }))}
                  label={t('typeChart')}
                  color="#2b8a3e"
                />
              ) : null}
              <TableScroll minWidth={480} maxHeight={420} label={t('byType')}>
                <FiguresTable
                  caption={t('byType')}
                  head={
                    <>
                      <Table.Th>{t('columns.satellite')}</Table.Th>
                      <Table.Th>{t('columns.sensor')}</Table.Th>
                      <Table.Th>{t('columns.level')}</Table.Th>
                      <Table.Th>{t('columns.scenes')}</Table.Th>
                      <Table.Th>{t('columns.km2')}</Table.Th>
                      <Table.Th>{t('columns.gb')}</Table.Th>
                    </>
                  }
                >
                  {data.types.map((ty) => (
                    <Table.Tr key={`${ty.satellite}/${ty.sensor}/${ty.productLevel}`} data-testid="push-stats-type-row">
                      <Table.Td>{ty.satellite}</Table.Td>
                      <Table.Td>{ty.sensor}</Table.Td>
                      <Table.Td>{ty.productLevel}</Table.Td>
                      <Table.Td>{n(ty.scenes)}</Table.Td>
                      <Table.Td>{n(ty.km2)}</Table.Td>
                      <Table.Td>{n(ty.gb, 2)}</Table.Td>
                    </Table.Tr>
                  ))}
                  {data.typeRest.scenes > 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={3}>{t('typeRest')}</Table.Td>
                      <Table.Td>{n(data.typeRest.scenes)}</Table.Td>
                      <Table.Td>{n(data.typeRest.km2)}</Table.Td>
                      <Table.Td>{n(data.typeRest.gb, 2)}</Table.Td>
                    </Table.Tr>
                  ) : null}
                </FiguresTable>
              </TableScroll>
            </section>

            <section aria-labelledby="push-stats-users">
              <Title order={2} size="h4" id="push-stats-users" mb="xs">
                {t('byUser')}
              </Title>
              <TableScroll minWidth={820} maxHeight={420} label={t('byUser')}>
                <FiguresTable
                  caption={t('byUser')}
                  head={
                    <>
                      <Table.Th>{t('columns.user')}</Table.Th>
                      <ColumnHeads columns={MEASURE_COLUMNS} />
                    </>
                  }
                >
                  {data.users.list.map((u) => (
                    <Table.Tr key={u.userId} data-testid="push-stats-user-row" data-username={u.username}>
                      <Table.Td>
                        {admin && data.subject.all ? (
                          <UnstyledButton
                            td="underline"
                            onClick={() => chooseUser(u.userId)}
                            aria-label={t('onlyUser', { user: u.username })}
                          >
                            {u.realName ? `${u.realName} (${u.username})` : u.username}
                          </UnstyledButton>
                        ) : u.realName ? (
                          `${u.realName} (${u.username})`
                        ) : (
                          u.username
                        )}
                      </Table.Td>
                      <ColumnCells columns={MEASURE_COLUMNS} m={u} />
                    </Table.Tr>
                  ))}
                </FiguresTable>
              </TableScroll>
              {data.users.total > data.users.pageSize ? (
                <Group gap="xs" mt="xs">
                  <Button size="xs" variant="default" disabled={usersPage <= 1} onClick={() => setUsersPage((p) => p - 1)}>
                    {t('previous')}
                  </Button>
                  <Text size="sm">{t('page', { page: usersPage, pages: Math.ceil(data.users.total / data.users.pageSize) })}</Text>
                  <Button
                    size="xs"
                    variant="default"
                    disabled={usersPage * data.users.pageSize >= data.users.total}
                    onClick={() => setUsersPage((p) => p + 1)}
                  >
                    {t('next')}
                  </Button>
                </Group>
              ) : null}
            </section>
          </Stack>
        ) : null}
      </QueryState>
    </Stack>
  );
}

/** A figure column of the tables: its message key (the measure's name) and its decimals; `pct` adds " %". */
interface Column<M> {
  key: keyof M & string;
  digits?: number;
  pct?: boolean;
}

const MEASURE_COLUMNS: readonly Column<PushMeasures>[] = [
  { key: 'scenes' },
  { key: 'km2' },
  { key: 'gb', digits: 2 },
  { key: 'batches' },
  { key: 'fetched' },
  { key: 'spotBatches' },
  { key: 'spotAcknowledged' },
  { key: 'spots' },
  { key: 'onTimePct', digits: 1, pct: true },
];

const REGION_COLUMNS: readonly Column<RegionMeasures>[] = [
  { key: 'scenes' },
  { key: 'km2' },
  { key: 'gb', digits: 2 },
  { key: 'spots' },
  { key: 'spotKm2', digits: 2 },
];

function ColumnHeads<M>({ columns }: { columns: readonly Column<M>[] }) {
  const t = useTranslations('PushStats.columns');
  return (
    <>
      {columns.map((c) => (
        <Table.Th key={c.key}>{t(c.key as Parameters<typeof t>[0])}</Table.Th>
      ))}
    </>
  );
}

function ColumnCells<M>({ columns, m }: { columns: readonly Column<M>[]; m: M }) {
  const t = useTranslations('PushStats');
  const format = useFormatter();
  return (
    <>
      {columns.map((c) => {
        const value = m[c.key] as number | null;
        const text = value === null ? t('none') : format.number(value, { maximumFractionDigits: c.digits ?? 0 });
        return <Table.Td key={c.key}>{value !== null && c.pct ? `${text} %` : text}</Table.Td>;
      })}
    </>
  );
}
