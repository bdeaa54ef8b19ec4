'use client';

import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  FileButton,
  Group,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useLocale, useTranslations } from 'next-intl';
import { RegionPicker } from '@/components/regions/region-picker';
import { useMemo, useState } from 'react';
import type { FeatureCollection } from 'geojson';
import { MapView, type BBox, type DrawnShape, type OutlineLayer } from '@/components/map';
import { downloadExport, saveBlob } from '@/lib/client/download-export';
import { useDeformProducts, useDeformUpload } from '@/lib/client/queries/surface-deform';
import { uploadFile } from '@/lib/client/upload-file';
import { DEFORM_API, type DeformProduct } from '@/lib/shared/contracts/surface-deform';
import { sceneListSchema } from '@/lib/shared/contracts/scene-lists';
import { uploadedAreaSchema } from '@/lib/shared/contracts/uploads';
import type { MapClientConfig } from '@/lib/shared/map/config';
import { DEFORM_MISSIONS, DEFORM_PASSES } from '@/lib/shared/themes/surface-deform';
import { MAP_HEIGHT, ModuleLayout } from '../../module-layout';
import classes from '../../monitor.module.css';
import { QueryState } from '../../query-state';
import type { DeformUpdate } from './screen';
import { deformFilterOf, type AreaChoice, type DeformState } from './state';

const PAGE_SIZE = 10;
type AreaKind = AreaChoice['kind'];

/** The filter form: edits stay local until Search puts them in the URL (page 1). */
function Filters({ state, update, drawn }: { state: DeformState; update: DeformUpdate; drawn: BBox | null }) {
  const t = useTranslations('Deformation');
  const tm = useTranslations('Monitor');
  const locale = useLocale() as 'zh' | 'en';
  const [missions, setMissions] = useState(state.missions);
  const [passes, setPasses] = useState(state.passes);
  const [from, setFrom] = useState(state.dateFrom ?? '');
  const [to, setTo] = useState(state.dateTo ?? '');
  const [kind, setKind] = useState<AreaKind>(state.area.kind);
  const [region, setRegion] = useState(state.area.kind === 'region' ? state.area.code : '');
  const [upload, setUpload] = useState<{ kind: 'shp' | 'file'; id: string } | null>(
    state.area.kind === 'shp' || state.area.kind === 'file' ? { kind: state.area.kind, id: state.area.uploadId } : null,
  );
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const restored = useDeformUpload(upload?.kind ?? 'shp', upload?.id ?? null);

  const send = (file: File | null, target: 'shp' | 'file') => {
    if (!file) return;
    setError(null);
    setUploading(true);
    const url = target === 'shp' ? `${DEFORM_API}/upload/shp` : `${DEFORM_API}/upload/file/v2/FILE_NAMES`;
    const schema = target === 'shp' ? uploadedAreaSchema : sceneListSchema;
    uploadFile<{ id: string }>(url, file, schema, { locale, onProgress: () => {}, fallback: tm('errorText') })
      .promise.then((answer) => setUpload({ kind: target, id: answer.id }))
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
      .finally(() => setUploading(false));
  };

  const area = (): AreaChoice | null => {
    if (kind === 'extent') return drawn ? { kind, bbox: drawn } : state.area.kind === 'extent' ? state.area : { kind: 'none' };
    if (kind === 'region') return /^[1-9]\d{5}$/.test(region) ? { kind, code: region } : null;
    if (kind === 'shp' || kind === 'file') return upload?.kind === kind ? { kind, uploadId: upload.id } : { kind: 'none' };
    return { kind: 'none' };
  };

  const submit = () => {
    if (from && to && from > to) return setError(t('badDates'));
    const chosen = area();
    if (!chosen) return setError(t('badRegion'));
    setError(null);
    update({ missions, passes, dateFrom: from || null, dateTo: to || null, area: chosen, page: 1 });
  };

  const reset = () => {
    setMissions([]);
    setPasses([]);
    setFrom('');
    setTo('');
    setKind('none');
    setRegion('');
    setUpload(null);
    setError(null);
    update({ missions: [], passes: [], dateFrom: null, dateTo: null, area: { kind: 'none' }, page: 1 });
  };

  return (
    <form
      aria-label={t('filters')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="xs">
        <Checkbox.Group label={t('mission')} value={missions} onChange={setMissions}>
          <Group gap="md" mt={4}>
            {DEFORM_MISSIONS.map((m) => (
              <Checkbox key={m.value} value={m.value} label={m[locale]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Checkbox.Group label={t('pass')} value={passes} onChange={setPasses}>
          <Group gap="md" mt={4}>
            {DEFORM_PASSES.map((p) => (
              <Checkbox key={p.value} value={p.value} label={p[locale]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group grow gap="xs">
          <TextInput type="date" label={t('dateFrom')} value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
          <TextInput type="date" label={t('dateTo')} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
        </Group>
        <div>
          <Text size="sm" fw={500} id="deform-area-label">
            {t('area')}
          </Text>
          <SegmentedControl
            aria-labelledby="deform-area-label"
            size="xs"
            fullWidth
            orientation="vertical"
            value={kind}
            onChange={(v) => setKind(v as AreaKind)}
            data={[
              { value: 'none', label: t('areaNone') },
              { value: 'extent', label: t('areaExtent') },
              { value: 'region', label: t('areaRegion') },
              { value: 'shp', label: t('areaUpload') },
              { value: 'file', label: t('areaList') },
            ]}
          />
        </div>
        {kind === 'extent' && drawn ? (
          <Text size="xs" c="dimmed" data-testid="deform-extent">
            {drawn.map((v) => v.toFixed(3)).join(', ')}
          </Text>
        ) : null}
        {kind === 'region' ? (
          <RegionPicker value={region || null} onChange={(code) => setRegion(code ?? '')} orientation="vertical" label={t('regionCode')} />
        ) : null}
        {kind === 'shp' || kind === 'file' ? (
          <Stack gap={4}>
            <FileButton onChange={(f) => send(f, kind)} accept={kind === 'shp' ? '.zip,.geojson,.json,.kml,.kmz' : '.txt,.csv,.xlsx'}>
              {(props) => (
                <Button {...props} variant="light" size="xs" loading={uploading} data-testid={`deform-upload-${kind}`}>
                  {kind === 'shp' ? t('uploadArea') : t('uploadList')}
                </Button>
              )}
            </FileButton>
            {kind === 'file' ? (
              <Anchor size="xs" href={`${DEFORM_API}/template/filenames/v2?format=txt&lang=${locale}`}>
                {t('template')}
              </Anchor>
            ) : null}
            {upload?.kind === kind && restored.data ? (
              <Text size="xs" data-testid="deform-uploaded">
                {t('uploaded', { name: restored.data.name })}
                {restored.data.lines !== null ? ` · ${t('listLines', { lines: restored.data.lines })}` : ''}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        {error ? (
          <Alert color="red" role="alert" p="xs">
            {error}
          </Alert>
        ) : null}
        <Group gap="xs">
          <Button type="submit" size="xs" data-testid="deform-search">
            {t('search')}
          </Button>
          <Button type="button" size="xs" variant="default" onClick={reset}>
            {t('reset')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function footprints(list: readonly DeformProduct[], selected: string | null): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: list.map((p) => ({
      type: 'Feature',
      id: p.id,
      geometry: p.footprint,
      properties: { name: p.fileName, selected: p.id === selected },
    })),
  };
}

/** Product search (login + MOD_076): the filters, the results page and their frames on the map. */
export function ProductsModule({ config, state, update }: { config: MapClientConfig; state: DeformState; update: DeformUpdate }) {
  const t = useTranslations('Deformation');
  const tm = useTranslations('Monitor');
  const locale = useLocale() as 'zh' | 'en';
  const filter = useMemo(() => deformFilterOf(state), [state]);
  const body = useMemo(() => ({ filter, pageNum: state.page, pageSize: PAGE_SIZE }), [filter, state.page]);
  const products = useDeformProducts(body);
  const [selected, setSelected] = useState<string | null>(null);
  const [drawn, setDrawn] = useState<BBox | null>(null);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const list = useMemo(() => products.data?.list ?? [], [products.data]);
  // A selection from another page or search is simply not found.
  const focus = list.find((p) => p.id === selected) ?? null;

  const outlines = useMemo<OutlineLayer[]>(
    () =>
      list.length
        ? [{ id: `frames-${state.page}-${list[0]!.id}`, data: footprints(list, selected), emphasis: 'context', interactive: false }]
        : [],
    [list, selected, state.page],
  );
  const passName = (v: string) => DEFORM_PASSES.find((p) => p.value === v)?.[locale] ?? v;
  const missionName = (v: string) => DEFORM_MISSIONS.find((m) => m.value === v)?.[locale] ?? v;

  const exportCsv = () => {
    setExporting(true);
    setExportError(null);
    downloadExport(`${DEFORM_API}/exports?lang=${locale}`, { filter }, { locale, fallbackMessage: () => tm('errorText') })
      .then(({ blob, name }) => saveBlob(blob, name))
      .catch((e: unknown) => setExportError(e instanceof Error ? e.message : String(e)))
      .finally(() => setExporting(false));
  };

  const map = (
    <MapView
      config={config}
      label={tm('mapLabel')}
      outlines={outlines}
      tools={['rectangle']}
      onShapeDrawn={(shape: DrawnShape) => setDrawn(shape.bbox)}
      fitBounds={focus?.bbox ?? (state.area.kind === 'extent' ? state.area.bbox : (list[0]?.bbox ?? null))}
      height={MAP_HEIGHT}
    />
  );
  const data = products.data;
  return (
    <ModuleLayout map={map}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('productsTitle')}
        </Title>
        <Filters key={JSON.stringify(filter)} state={state} update={update} drawn={drawn} />
        <QueryState loading={products.isPending} error={products.error} empty={data?.total === 0} emptyText={t('noProducts')}>
          {data ? (
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <Text size="sm" fw={500} role="status" data-testid="deform-total">
                  {t('results', { total: data.total })}
                </Text>
                <Button size="xs" variant="light" onClick={exportCsv} loading={exporting}>
                  {t('export')}
                </Button>
              </Group>
              {exportError ? (
                <Alert color="red" role="alert" p="xs">
                  {exportError}
                </Alert>
              ) : null}
              <div className={classes.tableScroll}>
                <Table striped fz="xs" data-testid="deform-products">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('columns.fileName')}</Table.Th>
                      <Table.Th>{t('columns.mission')}</Table.Th>
                      <Table.Th>{t('columns.pass')}</Table.Th>
                      <Table.Th>{t('columns.dateStart')}</Table.Th>
                      <Table.Th>{t('columns.dateEnd')}</Table.Th>
                      <Table.Th className={classes.numeric}>{t('columns.epochs')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.list.map((p) => (
                      <Table.Tr key={p.id} data-selected={p.id === selected || undefined}>
                        <Table.Td>
                          <Anchor
                            component="button"
                            type="button"
                            size="xs"
                            style={{ wordBreak: 'break-all', textAlign: 'start' }}
                            aria-label={t('showFrame', { name: p.fileName })}
                            onClick={() => setSelected(p.id)}
                          >
                            {p.fileName}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{missionName(p.mission)}</Table.Td>
                        <Table.Td>{passName(p.pass)}</Table.Td>
                        <Table.Td className={classes.nowrap}>{p.dateStart}</Table.Td>
                        <Table.Td className={classes.nowrap}>{p.dateEnd}</Table.Td>
                        <Table.Td className={classes.numeric}>{p.epochs}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
              {data.total > PAGE_SIZE ? (
                <Pagination
                  size="sm"
                  total={Math.ceil(data.total / PAGE_SIZE)}
                  value={state.page}
                  onChange={(page) => update({ page })}
                  getControlProps={(control) => ({ 'aria-label': `${control}` })}
                />
              ) : null}
            </Stack>
          ) : null}
        </QueryState>
      </Stack>
    </ModuleLayout>
  );
}
