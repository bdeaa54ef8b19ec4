import { COLLECTIONS } from '../../shared/catalogue/missions';
import { sceneSearchBodySchema, SELECT_MODES } from '../../shared/contracts/catalogue';
import { filterOf, searchBodyOf } from './selection-request';
import { DEFAULT_FILTERS, INITIAL_SELECTION, snapshotOf } from './selection-store';

describe('filters → request body', () => {
  it('leaves defaults out: no filter means "any"', () => {
    expect(filterOf(DEFAULT_FILTERS, undefined)).toEqual({});
    expect(filterOf({ ...DEFAULT_FILTERS, collections: COLLECTIONS.map((c) => c.id) }, undefined)).toEqual({});
  });

  it('maps every filter to the contract field, and the body passes the contract', () => {
    const filters = {
      collections: ['gf2-pms', 's1a-iw'],
      cloudMin: 5,
      cloudMax: 30,
      dateFrom: '2026-01-01',
      dateTo: '2026-06-30',
      resolutionMin: 1,
      resolutionMax: 5,
      productLevels: ['L1A', 'GRD'],
      online: false,
    };
    const state = { ...INITIAL_SELECTION, selectStatus: SELECT_MODES.EXTENT, extent: [110, 30, 115, 35] as [number, number, number, number], filters };
    const body = searchBodyOf({ ...state, submitted: snapshotOf(state), sort: 'coverage', order: 'desc', page: 2, pageSize: 50 });
    expect(body).toEqual({
      filter: { ...filters, area: { mode: SELECT_MODES.EXTENT, bbox: [110, 30, 115, 35] } },
      sort: 'coverage',
      order: 'desc',
      pageNum: 2,
      pageSize: 50,
    });
    expect(sceneSearchBodySchema.safeParse(body).success).toBe(true);
  });

  it('sends the area of the mode in force only', () => {
    const state = { ...INITIAL_SELECTION, regionCodes: ['130000'], extent: [1, 2, 3, 4] as [number, number, number, number] };
    expect(searchBodyOf({ ...state, submitted: snapshotOf(state) })?.filter?.area).toEqual({ mode: SELECT_MODES.REGION, regionCodes: ['130000'] });
    const extent = { ...state, selectStatus: SELECT_MODES.EXTENT };
    expect(searchBodyOf({ ...extent, submitted: snapshotOf(extent) })?.filter?.area).toEqual({ mode: SELECT_MODES.EXTENT, bbox: [1, 2, 3, 4] });
  });

  it('nothing to send before a search', () => {
    expect(searchBodyOf(INITIAL_SELECTION)).toBeNull();
  });
});
