'use client';

import { Tabs, UnstyledButton } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { WmsLayer } from '@/components/map';
import { useScene, useSceneSearch } from '@/lib/client/queries/catalogue';
import { searchBodyOf, submittedFilter } from '@/lib/client/stores/selection-request';
import { useSelectionStore, type SidebarTab } from '@/lib/client/stores/selection-store';
import { SIDEBAR_TABS, type Scene } from '@/lib/shared/contracts/catalogue';
import type { CoverageAnalysis } from '@/lib/shared/contracts/coverage';
import type { MapClientConfig } from '@/lib/shared/map/config';
import { CatalogMap } from './catalog-map';
import { CoveragePanel } from './coverage-panel';
import { densityLayer } from './density';
import classes from './catalog.module.css';
import { ResultsPanel } from './results-panel';
import { SceneDetail } from './scene-detail';
import { SelectPanel } from './select-panel';
import { useSelectionUrl } from './use-selection-url';

const NO_LAYERS: WmsLayer[] = [];
const NO_SCENES: Scene[] = [];

/**
 * The image query screen (`/normal`): a sidebar with the SELECT and RESULT tabs beside a map; on a
 * phone the sidebar is a sheet over the bottom of the map that opens and closes with its handle.
 */
export function ImageQueryScreen({ config }: { config: MapClientConfig }) {
  const t = useTranslations('Normal');
  const tc = useTranslations('Coverage');
  const restored = useSelectionUrl();
  const sheetId = useId();
  const [sheetOpen, setSheetOpen] = useState(true);
  const [uncovered, setUncoveredState] = useState<CoverageAnalysis['uncovered']>(null);
  const setUncovered = useCallback((g: CoverageAnalysis['uncovered']) => setUncoveredState(g), []);
  const state = useSelectionStore(
    useShallow((s) => ({
      sidebarTab: s.sidebarTab,
      submitted: s.submitted,
      sort: s.sort,
      order: s.order,
      page: s.page,
      pageSize: s.pageSize,
      selectedSceneId: s.selectedSceneId,
      previewOn: s.previewOn,
    })),
  );
  const { setTab, selectScene, setPreviewOn, setPage } = useSelectionStore(
    useShallow((s) => ({ setTab: s.setTab, selectScene: s.selectScene, setPreviewOn: s.setPreviewOn, setPage: s.setPage })),
  );

  const body = restored ? searchBodyOf(state) : null;
  const search = useSceneSearch(body);
  const filter = restored && state.submitted ? submittedFilter(state.submitted) : null;
  const filterKey = JSON.stringify(filter);
  const densityTitle = t('density.title');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- filterKey stands for the filter's value
  const densityLayers = useMemo(() => (filter ? [densityLayer(filter, densityTitle)] : NO_LAYERS), [filterKey, densityTitle]);
  // `resultIds` are the CHECKED results (result-checks.tsx): nothing is checked until the user checks it.

  // A page past the end (a shared link to a search that shrank) goes to the last page.
  const total = search.data?.total;
  const pages = search.data ? Math.max(1, Math.ceil(search.data.total / search.data.pageSize)) : null;
  useEffect(() => {
    if (pages !== null && !search.isPlaceholderData && state.page > pages) setPage(pages);
  }, [pages, state.page, search.isPlaceholderData, setPage]);

  const pageScenes = search.data?.list ?? NO_SCENES;
  const fromPage = pageScenes.find((s) => s.id === state.selectedSceneId);
  const fetched = useScene(state.selectedSceneId && !fromPage && !search.isFetching ? state.selectedSceneId : null);
  const selectedScene = fromPage ?? fetched.data;

  // Choosing a footprint on the map brings its details into view (on a phone the sheet opens).
  const [shownScene, setShownScene] = useState(state.selectedSceneId);
  if (shownScene !== state.selectedSceneId) {
    setShownScene(state.selectedSceneId);
    if (state.selectedSceneId) setSheetOpen(true);
  }

  const resultLabel = total === undefined || !state.submitted ? t('tabs.result') : t('tabs.resultCount', { count: total });

  return (
    <div className={classes.screen} data-testid="normal-screen">
      <aside className={classes.sidebar} data-open={sheetOpen || undefined} aria-label={t('sidebar')}>
        <UnstyledButton className={classes.sheetHandle} aria-expanded={sheetOpen} aria-controls={sheetId} onClick={() => setSheetOpen((o) => !o)} data-testid="sheet-handle">
          <span className={classes.sheetGrip} aria-hidden="true" />
          {sheetOpen ? t('sheet.close') : t('sheet.open')}
        </UnstyledButton>
        <div id={sheetId} className={classes.sidebarBody}>
          <Tabs value={String(state.sidebarTab)} onChange={(v) => v && setTab(Number(v) as SidebarTab)} keepMounted={false}>
            <Tabs.List grow>
              <Tabs.Tab value={String(SIDEBAR_TABS.SELECT)} data-testid="tab-select">
                {t('tabs.select')}
              </Tabs.Tab>
              <Tabs.Tab value={String(SIDEBAR_TABS.RESULT)} data-testid="tab-result">
                {resultLabel}
              </Tabs.Tab>
              <Tabs.Tab value={String(SIDEBAR_TABS.COVERAGE)} data-testid="tab-coverage">
                {tc('tab')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value={String(SIDEBAR_TABS.SELECT)} pt="sm">
              <SelectPanel />
            </Tabs.Panel>
            <Tabs.Panel value={String(SIDEBAR_TABS.RESULT)} pt="sm">
              {state.selectedSceneId ? (
                <SceneDetail
                  scene={selectedScene}
                  loading={!selectedScene && (fetched.isPending || search.isFetching)}
                  error={fetched.error}
                  previewOn={state.previewOn}
                  onPreview={setPreviewOn}
                  onBack={() => {
                    const id = state.selectedSceneId;
                    selectScene(null);
                    // Back in the list, focus returns to the scene's row.
                    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-scene-id="${CSS.escape(id ?? '')}"]`)?.focus());
                  }}
                />
              ) : (
                <ResultsPanel query={search} />
              )}
            </Tabs.Panel>
            <Tabs.Panel value={String(SIDEBAR_TABS.COVERAGE)} pt="sm">
              <CoveragePanel filter={filter} onUncovered={setUncovered} />
            </Tabs.Panel>
          </Tabs>
        </div>
      </aside>
      <div className={classes.mapArea}>
        {/* The footprints of the new search are on their way: say so over the map instead of leaving it blank. */}
        {state.submitted && search.isFetching ? (
          <div className={classes.mapBusy} role="status" data-testid="map-searching">
            <span className={classes.mapBusyDot} aria-hidden="true" />
            {t('searchingMap')}
          </div>
        ) : null}
        <CatalogMap config={config} scenes={pageScenes} selectedScene={selectedScene} densityLayers={densityLayers} uncovered={uncovered} height="100%" />
      </div>
    </div>
  );
}
