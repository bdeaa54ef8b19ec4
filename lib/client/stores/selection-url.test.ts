import { SELECT_MODES, SIDEBAR_TABS } from '../../shared/contracts/catalogue';
import { searchBodyOf } from './selection-request';
import { createSelectionStore, INITIAL_SELECTION, snapshotOf } from './selection-store';
import { parseSelectionUrl, selectionSearch } from './selection-url';

describe('selection ⇄ URL', () => {
  it('the defaults make an empty query string and parse back to the defaults', () => {
    expect(selectionSearch(INITIAL_SELECTION)).toBe('');
    expect(parseSelectionUrl('').data).toEqual(INITIAL_SELECTION);
    expect(parseSelectionUrl('').run).toBe(false);
  });

  it('a submitted search round-trips: same request body, same page and scene', () => {
    const store = createSelectionStore();
    const s = store.getState();
    s.addRegion('130000');
    s.addRegion('110000');
    s.setFilters({
      collections: ['gf1-pms', 'gf2-pms'],
      cloudMax: 20,
      dateFrom: '2026-01-01',
      dateTo: '2026-03-31',
      resolutionMax: 2,
      productLevels: ['L1A'],
      online: true,
    });
    s.setSort('cloud', 'asc');
    store.getState().search();
    store.getState().setPage(3);
    store.getState().selectScene('GF1_PMS_20260102_001');
    const state = store.getState();
    const url = selectionSearch(state);
    expect(url).toContain('regions=130000,110000');
    expect(url).toContain('col=gf1-pms,gf2-pms');
    expect(url).toContain('cloud=0-20');
    expect(url).toContain('tab=2');

    const parsed = parseSelectionUrl(url);
    expect(parsed.run).toBe(true);
    const restored = { ...parsed.data, submitted: snapshotOf(parsed.data) };
    expect(searchBodyOf(restored)).toEqual(searchBodyOf(state));
    expect(restored.selectedSceneId).toBe('GF1_PMS_20260102_001');
    expect(restored.sidebarTab).toBe(SIDEBAR_TABS.RESULT);
  });

  it('an extent and a drawn polygon round-trip', () => {
    const extent = parseSelectionUrl(selectionSearch({ ...INITIAL_SELECTION, selectStatus: SELECT_MODES.EXTENT, extent: [110.5, 30, 115, 35.25] }));
    expect(extent.data.selectStatus).toBe(SELECT_MODES.EXTENT);
    expect(extent.data.extent).toEqual([110.5, 30, 115, 35.25]);

    const ring: [number, number][] = [
      [116.1, 39.9],
      [116.5, 39.9],
      [116.3, 40.2],
      [116.1, 39.9],
    ];
    const drawn = parseSelectionUrl(
      selectionSearch({ ...INITIAL_SELECTION, selectStatus: SELECT_MODES.DRAW, geojson: { type: 'Polygon', coordinates: [ring] } }),
    );
    expect(drawn.data.selectStatus).toBe(SELECT_MODES.DRAW);
    expect(drawn.data.geojson).toEqual({ type: 'Polygon', coordinates: [ring] });
  });

  it('ignores bad parameters one by one and keeps the good ones', () => {
    const { data } = parseSelectionUrl(
      '?mode=9&regions=13,abc&bbox=10,20,5,30&draw=1,2;x&col=gf1-pms,nope&cloud=50-10&from=2026-13-45&to=2026-02-01' +
        '&res=abc&level=L1A,%3Cscript%3E&online=maybe&sort=size&order=up&page=-1&size=7&tab=5&scene=%20bad',
    );
    expect(data.selectStatus).toBe(SELECT_MODES.REGION);
    expect(data.regionCodes).toEqual([]);
    expect(data.extent).toBeNull();
    expect(data.geojson).toBeNull();
    expect(data.filters.collections).toEqual(['gf1-pms']);
    expect(data.filters.cloudMin).toBe(0);
    expect(data.filters.cloudMax).toBe(100);
    expect(data.filters.dateFrom).toBeNull();
    expect(data.filters.dateTo).toBe('2026-02-01');
    expect(data.filters.resolutionMin).toBeNull();
    expect(data.filters.productLevels).toEqual([]);
    expect(data.filters.online).toBeNull();
    expect(data.sort).toBe('time');
    expect(data.order).toBe('desc');
    expect(data.page).toBe(1);
    expect(data.pageSize).toBe(20);
    expect(data.sidebarTab).toBe(SIDEBAR_TABS.SELECT);
    expect(data.selectedSceneId).toBeNull();
  });

  it('an empty collection list (none chosen) differs from no parameter (all)', () => {
    expect(parseSelectionUrl('?col=').data.filters.collections).toEqual([]);
    expect(parseSelectionUrl('?x=1').data.filters.collections).toBeNull();
  });
});

describe('uploads in the URL', () => {
  const id = '0f0e0d0c-0b0a-4908-8706-050403020100';
  it('an uploaded area and scene list are kept by id', () => {
    const store = createSelectionStore();
    store.getState().setUpload('area', id);
    store.getState().setUpload('list', id);
    const url = selectionSearch(store.getState());
    expect(url).toContain(`shp=${id}`);
    expect(url).toContain(`list=${id}`);
    expect(parseSelectionUrl(url).data.uploadIds).toEqual({ area: id, list: id });
  });

  it('an id that is not an upload id is ignored', () => {
    expect(parseSelectionUrl('?shp=../../etc&list=1').data.uploadIds).toEqual({ area: null, list: null });
  });
});
