'use client';

import {
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { useMemo, useState, type FormEvent } from 'react';
import { MapView, type BBox, type MapMarker, type OutlineLayer, type WmsLayer } from '@/components/map';
import { useRegion, useRegionGeometry } from '@/lib/client/queries/regions';
import { useDictionary, useSpot, useSpotList, type SpotListFilters } from '@/lib/client/queries/spots';
import type { Spot, SpotDetail } from '@/lib/shared/contracts/spots';
import { COUNTRY_CODE } from '@/lib/shared/regions/codes';
import { parseCompactDate, toCompactDate } from '@/lib/shared/spots/dates';
import { formatHectares } from './format';
import { formatMeasure, measureKey } from './measures';
import { spotLayerOf, type MonitorTheme } from './theme';
import { MAP_HEIGHT, ModuleLayout } from './module-layout';
import type { ModuleProps } from './monitor-context';
import { batchesInRange, DEFAULT_PAGE_SIZE, detailRegion, spotCql } from './monitor-state';
import classes from './monitor.module.css';
import { QueryState } from './query-state';
import { TableRegion } from './table-region';

/** The change-type legend: 'all' is checked when no item is (spec §4); checking every item means all too. */
function ChangeTypeLegend({
  items,
  value,
  onChange,
}: {
  items: NonNullable<MonitorTheme['changeTypes']>['items'];
  value: number[];
  onChange: (next: number[]) => void;
}) {
  const t = useTranslations('Monitor');
  const locale = useLocale();
  const toggle = (type: number, checked: boolean) => {
    const next = checked ? [...value, type].sort() : value.filter((v) => v !== type);
    onChange(next.length === items.length ? [] : next);
  };
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend style={{ fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500, marginBottom: 4 }}>{t('changeType')}</legend>
      <Group gap="sm" wrap="wrap">
        <Checkbox size="xs" label={t('all')} checked={value.length === 0} onChange={() => onChange([])} data-testid="change-all" />
        {items.map((c) => (
          <Checkbox
            key={c.value}
            size="xs"
            checked={value.includes(Number(c.value))}
            onChange={(e) => toggle(Number(c.value), e.currentTarget.checked)}
            label={
              <span>
                <span className={classes.swatch} style={{ background: c.color }} aria-hidden="true" />
                {locale === 'zh' ? c.zh : c.en}
              </span>
            }
          />
        ))}
      </Group>
    </fieldset>
  );
}

/** A compact YYYYMMDD as a date input's YYYY-MM-DD (empty or invalid → empty). */
const isoOf = (compact: string) => parseCompactDate(compact) ?? '';

interface FilterForm {
  from: string;
  to: string;
  stage: string | null;
  tblx: string | null;
  file: string;
}

function SpotFilters({ theme, state, update }: Pick<ModuleProps, 'theme' | 'state' | 'update'>) {
  const t = useTranslations('Monitor');
  const stages = useDictionary(theme.stages.dictionary);
  const types = useDictionary(theme.kinds.dictionary);
  // Mounted with a key of the URL's filters: a shared link or the back button shows its own filters.
  const [form, setForm] = useState<FilterForm>({
    from: state.from ?? '',
    to: state.to ?? '',
    stage: state.stage,
    tblx: state.tblx,
    file: state.file,
  });
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    const from = form.from.trim();
    const to = form.to.trim();
    if (from && !parseCompactDate(from)) next.from = t('badDate');
    if (to && !parseCompactDate(to)) next.to = t('badDate');
    if (!next.from && !next.to && from && to && from > to) next.to = t('badDateRange');
    setErrors(next);
    if (next.from || next.to) return;
    update({
      from: from || null,
      to: to || null,
      stage: form.stage,
      tblx: form.tblx,
      file: form.file.trim().slice(0, 100),
      page: 1,
      spot: null,
    });
  };
  const reset = () => update({ from: null, to: null, stage: null, tblx: null, file: '', change: [], page: 1, spot: null });

  return (
    <Paper withBorder p="sm" component="form" onSubmit={submit} noValidate aria-label={t('filters')} data-testid="spot-filters">
      <Stack gap="xs">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          {/* Date pickers, as the image query's (the URL and the API keep the compact YYYYMMDD of spec §2). */}
          <TextInput
            type="date"
            size="xs"
            label={t('batchStart')}
            value={isoOf(form.from)}
            max={isoOf(form.to) || undefined}
            error={errors.from}
            onChange={(e) => setForm({ ...form, from: toCompactDate(e.currentTarget.value) })}
            data-testid="batch-from"
          />
          <TextInput
            type="date"
            size="xs"
            label={t('batchEnd')}
            value={isoOf(form.to)}
            min={isoOf(form.from) || undefined}
            error={errors.to}
            onChange={(e) => setForm({ ...form, to: toCompactDate(e.currentTarget.value) })}
            data-testid="batch-to"
          />
          <Select
            size="xs"
            label={wordsOf(theme, t).stage}
            placeholder={t('any')}
            clearable
            data={(stages.data ?? []).map((s) => ({ value: s.itemValue, label: s.name }))}
            value={form.stage}
            onChange={(value) => setForm({ ...form, stage: value })}
          />
          <Select
            size="xs"
            label={wordsOf(theme, t).kind}
            placeholder={t('any')}
            clearable
            data={(types.data ?? []).map((s) => ({ value: s.itemValue, label: s.name }))}
            value={form.tblx}
            onChange={(value) => setForm({ ...form, tblx: value })}
          />
        </SimpleGrid>
        <TextInput
          size="xs"
          label={t('filename')}
          maxLength={100}
          value={form.file}
          onChange={(e) => setForm({ ...form, file: e.currentTarget.value })}
        />
        {theme.changeTypes ? (
          <ChangeTypeLegend
            items={theme.changeTypes.items}
            value={state.change}
            onChange={(change) => update({ change, page: 1, spot: null })}
          />
        ) : null}
        <Group gap="xs">
          <Button size="xs" type="submit">
            {t('apply')}
          </Button>
          <Button size="xs" variant="default" onClick={reset}>
            {t('reset')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Rows a feature has beyond land cover's: its name, capacity and length, where the theme records them. */
function extraRows(theme: MonitorTheme, spot: Spot, t: ReturnType<typeof useTranslations<'Monitor'>>, locale: string) {
  const rows: [string, string][] = [];
  if (spot.name) rows.push([t('featureName'), spot.name]);
  if (spot.capacity !== null && theme.measures.includes('capacity'))
    rows.push([t(measureKey(theme, 'capacity')), formatMeasure({ count: 0, area: 0, capacity: spot.capacity }, 'capacity', locale)]);
  if (spot.length !== null) rows.push([t('lengthKm'), formatMeasure({ count: 0, area: 0, length: spot.length }, 'length', locale)]);
  // A snapshot theme's facility: the quarter it first appears in (a turbine's commissioning batch).
  if (spot.since && theme.snapshots) rows.push([t('since'), spot.since]);
  return rows;
}

function SpotPanel({ theme, spot, onClose, onZoom }: { theme: MonitorTheme; spot: SpotDetail; onClose: () => void; onZoom: () => void }) {
  const t = useTranslations('Monitor');
  const locale = useLocale();
  const landuseLabel = theme.landuse?.label?.[locale === 'zh' ? 'zh' : 'en'] ?? t('landuse');
  const rows: [string, string][] = [
    [t('batch'), spot.batchName],
    ...extraRows(theme, spot, t, locale),
    [t('region'), spot.regionPath.map((r) => r.name).join(' / ') || spot.regionName],
    [t('xzqdm'), spot.xzqdm],
    [t(theme.spotTerms ? 'stage' : 'status'), spot.stageName],
    [t(theme.spotTerms ? 'tblx' : 'kind'), spot.tblxName],
    ...(spot.changeTypeName ? ([[t('changeType'), spot.changeTypeName]] as [string, string][]) : []),
    ...(spot.landuseName ? ([[landuseLabel, spot.landuseName]] as [string, string][]) : []),
    [t('filename'), spot.filename],
    ...(spot.area > 0 ? ([[t('areaHa'), formatHectares(spot.area, locale)]] as [string, string][]) : []),
    [t('detectedOn'), spot.detectedOn],
    [t('location'), `${spot.center[0].toFixed(5)}, ${spot.center[1].toFixed(5)}`],
  ];
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="spot-panel-title" data-testid="spot-panel">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={3} size="h5" id="spot-panel-title">
          {wordsOf(theme, t).one(spot.id)}
          {spot.demo ? (
            <Badge ml="xs" size="xs" color="yellow" variant="light">
              {t('demo')}
            </Badge>
          ) : null}
        </Title>
        <CloseButton aria-label={t('close')} onClick={onClose} />
      </Group>
      <Table mt="xs" withRowBorders={false} fz="sm">
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w="38%">
                {label}
              </Table.Th>
              <Table.Td className={classes.wrap}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Button size="xs" mt="xs" variant="light" onClick={onZoom}>
        {wordsOf(theme, t).zoom}
      </Button>
    </Paper>
  );
}

/** The themes that find land changes speak of spots; the others of features (a turbine, a plant, a road segment). */
function wordsOf(theme: MonitorTheme, t: ReturnType<typeof useTranslations<'Monitor'>>) {
  const spots = theme.speaksOf === 'spots';
  return {
    title: spots ? t('detailTitle') : t('featureDetailTitle'),
    one: (id: string) => (spots ? t('spotTitle', { id }) : t('featureTitle', { id })),
    marker: (id: string, region: string) => (spots ? t('spotMarker', { id, region }) : t('featureMarker', { id, region })),
    none: spots ? t('noSpots') : t('noFeatures'),
    total: (count: number) => (spots ? t('spotTotal', { count }) : t('featureTotal', { count })),
    column: spots ? t('spot') : t('feature'),
    zoom: spots ? t('zoomTo') : t('zoomToFeature'),
    stage: spots ? t('stage') : t('status'),
    kind: spots ? t('tblx') : t('kind'),
  };
}

/** The list column that names what the map colours a feature by (change type, status, ground, grade), with its swatch. */
function styledColumn(theme: MonitorTheme, t: ReturnType<typeof useTranslations<'Monitor'>>) {
  const by = theme.layers.features[0]!.styleBy;
  const list =
    by === 'change_type'
      ? (theme.changeTypes?.items ?? [])
      : by === 'landuse_type'
        ? (theme.landuse?.items ?? [])
        : by === 'stage'
          ? theme.stages.items
          : theme.kinds.items;
  const colors = new Map<string, string | undefined>(list.map((c) => [c.value, 'color' in c ? c.color : undefined]));
  const valueOf = (s: Spot) =>
    by === 'change_type' ? String(s.changeType) : by === 'landuse_type' ? (s.landuseType ?? '') : by === 'stage' ? s.stage : s.tblx;
  const nameOf = (s: Spot) =>
    (by === 'change_type' ? s.changeTypeName : by === 'landuse_type' ? s.landuseName : by === 'stage' ? s.stageName : s.tblxName) ?? '—';
  const label = by === 'change_type' ? t('changeType') : by === 'landuse_type' ? t('landuse') : by === 'stage' ? t('status') : t('kind');
  return { label, color: (s: Spot) => colors.get(valueOf(s)) ?? '#868e96', name: nameOf, byKind: by === 'tblx' };
}

/** Detail (login + range): filters, paged spot list, spots on the map through the WMS layer, a detail panel. */
export function DetailModule({ theme, config, state, update, batches, batch, ranges, mapLabel }: ModuleProps) {
  const t = useTranslations('Monitor');
  const locale = useLocale();
  const scopeRegion = detailRegion(ranges, state.region);
  // The batch chosen above the modules (or the current one) drives the detail as it drives the statistics and the
  // grid, so their counts agree; dates, when given, pick the batches instead.
  const snapshot = !state.from && !state.to ? (batch?.id ?? null) : null;
  const filters = useMemo<SpotListFilters>(
    () => ({
      batchStart: state.from ?? undefined,
      batchEnd: state.to ?? undefined,
      stage: state.stage ?? undefined,
      tblx: state.tblx ?? undefined,
      filename: state.file || undefined,
      changeType: state.change,
      xzqdm: scopeRegion && scopeRegion !== COUNTRY_CODE ? scopeRegion : undefined,
      batch: snapshot ?? undefined,
    }),
    [state.from, state.to, state.stage, state.tblx, state.file, state.change, scopeRegion, snapshot],
  );
  const words = useMemo(() => wordsOf(theme, t), [theme, t]);
  const layerTitle = theme.layers.features[0]!.title[locale === 'zh' ? 'zh' : 'en'];
  const list = useSpotList(theme, filters, state.page, DEFAULT_PAGE_SIZE);
  const spot = useSpot(theme, state.spot);
  const shownRegion = scopeRegion && scopeRegion !== COUNTRY_CODE ? scopeRegion : null;
  const outline = useRegionGeometry(shownRegion, 'mid');
  // The map frames the region shown (the screen has moved it into the user's range), or the spot
  // opened, also when the page is reloaded on a spot's URL.
  const framed = useRegion(state.region === COUNTRY_CODE ? null : state.region);
  // Zoom again to the same spot: fitBounds reacts to changed numbers, so each request nudges them by a hair.
  const [nudge, setNudge] = useState(0);

  const cql = spotCql({
    theme: theme.id,
    region: scopeRegion,
    batchIds: snapshot ? [snapshot] : batchesInRange(batches, state.from, state.to),
    stage: state.stage,
    tblx: state.tblx,
    file: state.file,
    change: state.change,
  });
  const zones = theme.layers.zones;
  const [showZones, setShowZones] = useState(false);
  const wmsLayers = useMemo<WmsLayer[]>(
    () => [
      ...(zones && showZones
        ? [
            {
              id: 'zones',
              title: locale === 'zh' ? zones.title.zh : zones.title.en,
              layers: `cloudPlatform:${zones.name}`,
              opacity: 0.8,
              featureInfo: false,
            },
          ]
        : []),
      { id: 'spots', title: layerTitle, layers: spotLayerOf(theme), cqlFilter: cql, featureInfo: false },
    ],
    [cql, theme, layerTitle, zones, showZones, locale],
  );
  const outlines = useMemo<OutlineLayer[]>(() => {
    const layers: OutlineLayer[] = [];
    if (outline.data) layers.push({ id: `scope-${shownRegion}`, data: outline.data, emphasis: 'context', interactive: false });
    if (spot.data)
      layers.push({
        id: `spot-${spot.data.id}`,
        data: { type: 'Feature', id: `spot-${spot.data.id}`, properties: {}, geometry: spot.data.geometry },
        emphasis: 'primary',
        interactive: false,
      });
    return layers;
  }, [outline.data, shownRegion, spot.data]);
  const markers = useMemo<MapMarker[]>(
    () =>
      (list.data?.list ?? []).map((s) => ({
        id: s.id,
        position: s.center,
        label: words.marker(s.id, s.name ?? s.regionName),
        popup: {
          title: s.name ?? words.one(s.id),
          rows: [
            // The name is the popup's title already.
            ...extraRows(theme, s, t, locale)
              .filter(([label]) => label !== t('featureName'))
              .map(([label, value]) => ({ label, value })),
            { label: t('region'), value: s.regionName },
            { label: t(theme.spotTerms ? 'tblx' : 'kind'), value: s.tblxName },
            ...(s.changeTypeName ? [{ label: t('changeType'), value: s.changeTypeName }] : []),
            ...(s.area > 0 ? [{ label: t('areaHa'), value: formatHectares(s.area, locale) }] : []),
            { label: t('batch'), value: s.batchName },
          ],
        },
      })),
    [list.data, t, locale, theme, words],
  );

  const open = (id: string | null) => {
    if (id !== state.spot) update({ spot: id }, { replace: true });
  };
  // A point (a turbine, a small plant) has an empty box: frame a few hundred metres around it instead.
  const pad = spot.data && spot.data.bbox[0] === spot.data.bbox[2] && spot.data.bbox[1] === spot.data.bbox[3] ? 0.004 : 0;
  const zoom: BBox | null = spot.data
    ? [spot.data.bbox[0] - pad - nudge * 1e-9, spot.data.bbox[1] - pad, spot.data.bbox[2] + pad, spot.data.bbox[3] + pad]
    : state.spot
      ? null
      : (framed.data?.bbox ?? null);

  const map = (
    <MapView
      config={config}
      label={mapLabel}
      wmsLayers={wmsLayers}
      outlines={outlines}
      markers={markers}
      selectedMarkerId={state.spot}
      onSelectMarker={(id) => id && open(id)}
      fitBounds={zoom}
      height={MAP_HEIGHT}
    />
  );

  const total = list.data?.total ?? 0;
  const second = theme.measures[1] ?? 'area';
  const styled = styledColumn(theme, t);
  return (
    <ModuleLayout map={map}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {words.title}
        </Title>
        <Text size="xs" c="dimmed" data-testid="detail-scope">
          {scopeRegion ? t('scopeRegion') : t('scopeRange', { count: ranges.length })}
        </Text>
        <SpotFilters
          key={`${state.from}|${state.to}|${state.stage}|${state.tblx}|${state.file}`}
          theme={theme}
          state={state}
          update={update}
        />
        {zones ? (
          <Checkbox
            size="xs"
            label={t('zonesToggle', { zones: locale === 'zh' ? zones.title.zh : zones.title.en })}
            checked={showZones}
            onChange={(e) => setShowZones(e.currentTarget.checked)}
            data-testid="zones-toggle"
          />
        ) : null}
        {zones && showZones ? (
          <Group gap="sm" aria-label={t('zonesLegend')} role="group">
            {zones.classes.items.map((c) => (
              <Text key={c.value} size="xs" span>
                <span className={classes.swatch} style={{ background: c.color }} aria-hidden="true" />
                {locale === 'zh' ? c.zh : c.en}
              </Text>
            ))}
          </Group>
        ) : null}
        {state.spot ? (
          <QueryState loading={spot.isPending} error={spot.error}>
            {spot.data ? (
              <SpotPanel
                theme={theme}
                spot={spot.data}
                onClose={() => update({ spot: null }, { replace: true })}
                onZoom={() => setNudge((n) => n + 1)}
              />
            ) : null}
          </QueryState>
        ) : null}
        <QueryState loading={list.isPending} error={list.error} empty={total === 0} emptyText={words.none}>
          {/* What the count counts: the batch, or the dates that picked the batches. */}
          <Text size="sm" role="status">
            <span data-testid="spot-total-scope">
              {snapshot
                ? (batch?.typeName ?? '—')
                : state.from && state.to
                  ? t('periodBetween', { from: state.from, to: state.to })
                  : state.from
                    ? t('periodFrom', { from: state.from })
                    : state.to
                      ? t('periodTo', { to: state.to })
                      : t('periodAll')}
            </span>
            {t('scopeSeparator')}
            <span data-testid="spot-total">{words.total(total)}</span>
          </Text>
          <TableRegion table="spots">
            <Table striped highlightOnHover stickyHeader fz="sm" className={classes.spotTable} data-testid="spot-list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{words.column}</Table.Th>
                  <Table.Th>{styled.label}</Table.Th>
                  <Table.Th className={classes.numeric}>{t(measureKey(theme, second))}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(list.data?.list ?? []).map((s) => (
                  <Table.Tr key={s.id} className={s.id === state.spot ? classes.selectedRow : undefined}>
                    <Table.Td>
                      {/* What a user recognises: where, what became of the land, and when (every spot of a county and batch shares one scene file name). */}
                      <UnstyledButton className={classes.spotButton} onClick={() => open(s.id)} aria-pressed={s.id === state.spot}>
                        <span className={classes.rowButton}>{s.name ?? s.regionName}</span>
                        <Text span size="xs" c="dimmed" className={classes.spotMeta}>
                          {t('spotRowMeta', {
                            // What the next column does not already say: the kind, or the status where the kind is coloured.
                            type: [s.name ? s.regionName : null, styled.byKind ? s.stageName : s.tblxName].filter(Boolean).join(' · '),
                            quarter: s.quarter,
                          })}
                        </Text>
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td className={classes.changeCell}>
                      <span className={classes.regionCell}>
                        <span className={classes.swatch} style={{ background: styled.color(s) }} aria-hidden="true" />
                        {styled.name(s)}
                      </span>
                    </Table.Td>
                    <Table.Td className={classes.numeric}>
                      {second === 'count'
                        ? '1'
                        : formatMeasure({ count: 1, area: s.area, length: s.length ?? 0, capacity: s.capacity ?? 0 }, second, locale)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableRegion>
          {total > DEFAULT_PAGE_SIZE ? (
            <Pagination
              size="sm"
              total={Math.ceil(total / DEFAULT_PAGE_SIZE)}
              value={state.page}
              onChange={(page) => update({ page, spot: null })}
              getControlProps={(control) => ({ 'aria-label': t(`page.${control}`) })}
              getItemProps={(page) => ({ 'aria-label': t('page.number', { page }) })}
            />
          ) : null}
        </QueryState>
      </Stack>
    </ModuleLayout>
  );
}
