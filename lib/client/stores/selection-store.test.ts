import { SELECT_MODES, SIDEBAR_TABS, type AreaGeometry } from '../../shared/contracts/catalogue';
import { searchBlocker, searchBodyOf } from './selection-request';
import { createSelectionStore } from './selection-store';

const square: AreaGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [116, 39],
      [117, 39],
      [117, 40],
      [116, 40],
      [116, 39],
    ],
  ],
};

/** A store with a search run and a scene chosen on page 2. */
function withResults() {
  const store = createSelectionStore();
  const s = store.getState();
  s.addRegion('130000');
  s.search();
  store.getState().setPage(2);
  store.getState().selectScene('scene-1');
  store.getState().setResultIds(['scene-1', 'scene-2']);
  return store;
}

const hasResults = (store: ReturnType<typeof createSelectionStore>) => {
  const s = store.getState();
  return s.submitted !== null || s.resultIds.length > 0 || s.selectedSceneId !== null;
};

describe('selection store clearing rules (spec §4)', () => {
  it('a search snapshots the form and shows the RESULT tab', () => {
    const store = withResults();
    const s = store.getState();
    expect(s.sidebarTab).toBe(SIDEBAR_TABS.RESULT);
    expect(s.submitted?.regionCodes).toEqual(['130000']);
    expect(s.page).toBe(2);
    expect(searchBodyOf(s)?.filter?.area).toEqual({ mode: SELECT_MODES.REGION, regionCodes: ['130000'] });
  });

  it('changing the mode clears the results', () => {
    const store = withResults();
    store.getState().setMode(SELECT_MODES.EXTENT);
    const s = store.getState();
    expect(s.selectStatus).toBe(SELECT_MODES.EXTENT);
    expect(hasResults(store)).toBe(false);
    expect(s.page).toBe(1);
    expect(s.sidebarTab).toBe(SIDEBAR_TABS.SELECT);
    // The regions chosen before stay in the form for when the user comes back.
    expect(s.regionCodes).toEqual(['130000']);
  });

  it('choosing the mode already in force keeps the results', () => {
    const store = withResults();
    store.getState().setMode(SELECT_MODES.REGION);
    expect(hasResults(store)).toBe(true);
  });

  it('adding or removing a region clears the results; adding one twice does not', () => {
    const store = withResults();
    store.getState().addRegion('130000');
    expect(hasResults(store)).toBe(true);
    store.getState().addRegion('110000');
    expect(hasResults(store)).toBe(false);
    expect(store.getState().regionCodes).toEqual(['130000', '110000']);

    store.getState().search();
    store.getState().removeRegion('130000');
    expect(hasResults(store)).toBe(false);
    expect(store.getState().regionCodes).toEqual(['110000']);
  });

  it('changing the extent clears the results; the same extent does not', () => {
    const store = createSelectionStore();
    store.getState().setMode(SELECT_MODES.EXTENT);
    store.getState().setExtent([110, 30, 115, 35]);
    store.getState().search();
    store.getState().setExtent([110, 30, 115, 35]);
    expect(hasResults(store)).toBe(true);
    store.getState().setExtent([110, 30, 116, 35]);
    expect(hasResults(store)).toBe(false);
  });

  it('changing the uploads clears the results', () => {
    const store = withResults();
    store.getState().setUpload('area', '0f0e0d0c-0b0a-4908-8706-050403020100');
    expect(hasResults(store)).toBe(false);
    expect(store.getState().uploadIds).toEqual({ area: '0f0e0d0c-0b0a-4908-8706-050403020100', list: null });
  });

  it('drawing sets the mode to DRAW and clears the results', () => {
    const store = withResults();
    store.getState().setDrawn(square);
    const s = store.getState();
    expect(s.selectStatus).toBe(SELECT_MODES.DRAW);
    expect(s.geojson).toEqual(square);
    expect(hasResults(store)).toBe(false);
  });

  it('filters, sort and paging keep the search (only the page resets on a new sort)', () => {
    const store = withResults();
    store.getState().setFilters({ cloudMax: 20 });
    expect(store.getState().submitted?.filters.cloudMax).toBe(100);
    expect(hasResults(store)).toBe(true);
    store.getState().setSort('cloud', 'asc');
    expect(store.getState().page).toBe(1);
    expect(store.getState().submitted).not.toBeNull();
  });

  it('a search needs a collection, and the extent or drawing of its mode', () => {
    const store = createSelectionStore();
    expect(searchBlocker(store.getState())).toBeNull();
    store.getState().setFilters({ collections: [] });
    expect(searchBlocker(store.getState())).toBe('noCollections');
    store.getState().setFilters({ collections: ['gf1-pms'] });
    store.getState().setMode(SELECT_MODES.EXTENT);
    expect(searchBlocker(store.getState())).toBe('noExtent');
    store.getState().setMode(SELECT_MODES.DRAW);
    expect(searchBlocker(store.getState())).toBe('noDrawing');
    store.getState().setDrawn(square);
    expect(searchBlocker(store.getState())).toBeNull();
  });
});
