'use client';

import { Button, Divider, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useShallow } from 'zustand/react/shallow';
import { searchBlocker } from '@/lib/client/stores/selection-request';
import { OFFERED_MODES, snapshotOf, useSelectionStore, type OfferedMode } from '@/lib/client/stores/selection-store';
import { SELECT_MODES } from '@/lib/shared/contracts/catalogue';
import { ExtentFields, RegionFields } from './area-fields';
import { CollectionTree } from './collection-tree';
import { FilterFields } from './filter-fields';
import { UploadAreaFields } from './upload-area';
import { SceneListFields } from './scene-list-upload';

const MODE_KEYS = {
  [SELECT_MODES.REGION]: 'region',
  [SELECT_MODES.EXTENT]: 'extent',
  [SELECT_MODES.DRAW]: 'draw',
  [SELECT_MODES.SHP]: 'shp',
  [SELECT_MODES.FILE]: 'file',
} as const;

function DrawFields() {
  const t = useTranslations('Normal');
  const geojson = useSelectionStore((s) => s.geojson);
  const setDrawn = useSelectionStore((s) => s.setDrawn);
  const points = geojson ? (geojson.type === 'Polygon' ? geojson.coordinates[0]!.length - 1 : geojson.coordinates.length) : 0;
  return (
    <Stack gap="xs">
      <Text size="sm">{t('draw.hint')}</Text>
      {geojson ? (
        <Text size="sm" fw={500} data-testid="draw-status">
          {t('draw.done', { count: points })}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          {t('draw.none')}
        </Text>
      )}
      {geojson ? (
        <Button size="xs" variant="subtle" color="gray" onClick={() => setDrawn(null)} style={{ alignSelf: 'flex-start' }}>
          {t('draw.clear')}
        </Button>
      ) : null}
    </Stack>
  );
}

/** The SELECT tab: how the area is chosen (spec §4 modes), the satellites and sensors, the filters. */
export function SelectPanel() {
  const t = useTranslations('Normal');
  const state = useSelectionStore(useShallow(snapshotOf));
  const actions = useSelectionStore(
    useShallow((s) => ({
      setMode: s.setMode,
      addRegion: s.addRegion,
      removeRegion: s.removeRegion,
      setExtent: s.setExtent,
      setFilters: s.setFilters,
      search: s.search,
    })),
  );
  const blocker = searchBlocker(state);
  const mode = (OFFERED_MODES as readonly number[]).includes(state.selectStatus)
    ? (state.selectStatus as OfferedMode)
    : SELECT_MODES.REGION;

  return (
    <Stack gap="md" data-testid="select-panel">
      <div>
        <Text size="sm" fw={600} id="normal-mode-label" mb={4}>
          {t('mode.label')}
        </Text>
        <SegmentedControl
          fullWidth
          size="xs"
          aria-labelledby="normal-mode-label"
          value={String(mode)}
          onChange={(v) => actions.setMode(Number(v) as OfferedMode)}
          data={OFFERED_MODES.map((m) => ({ value: String(m), label: t(`mode.${MODE_KEYS[m]}`) }))}
          data-testid="mode-switch"
        />
      </div>
      {mode === SELECT_MODES.REGION ? (
        <RegionFields regionCodes={state.regionCodes} onAdd={actions.addRegion} onRemove={actions.removeRegion} />
      ) : mode === SELECT_MODES.EXTENT ? (
        <ExtentFields extent={state.extent} onApply={actions.setExtent} />
      ) : mode === SELECT_MODES.SHP ? (
        <UploadAreaFields />
      ) : mode === SELECT_MODES.FILE ? (
        <SceneListFields />
      ) : (
        <DrawFields />
      )}
      <Divider />
      <CollectionTree value={state.filters.collections} onChange={(collections) => actions.setFilters({ collections })} />
      <Divider />
      <FilterFields filters={state.filters} onChange={actions.setFilters} />
      <div>
        <Button
          fullWidth
          onClick={actions.search}
          disabled={blocker !== null}
          aria-describedby={blocker ? 'normal-search-blocker' : undefined}
          data-testid="search-button"
        >
          {t('search')}
        </Button>
        {blocker ? (
          <Text id="normal-search-blocker" size="xs" c="dimmed" mt={4}>
            {t(`blocker.${blocker}`)}
          </Text>
        ) : state.selectStatus === SELECT_MODES.REGION && state.regionCodes.length === 0 ? (
          <Text size="xs" c="dimmed" mt={4}>
            {t('region.everywhere')}
          </Text>
        ) : null}
      </div>
    </Stack>
  );
}
