import { SELECT_MODES } from '@/lib/shared/contracts/catalogue';
import { deformFilterOf, deformSearch, parseDeformState } from './state';

const parse = (query: string) => parseDeformState(new URLSearchParams(query));

describe('surface deformation URL state', () => {
  it('round-trips a search and a read point through the query string', () => {
    const query = 'module=rates&mission=S1&pass=DESC&from=2021-01-01&to=2022-12-31&region=110105&page=2&at=116.55,39.95';
    const state = parse(query);
    expect(state).toMatchObject({ module: 'rates', missions: ['S1'], passes: ['DESC'], page: 2, point: [116.55, 39.95] });
    expect(parse(deformSearch(state))).toEqual(state);
    expect(deformFilterOf(state)).toEqual({
      missions: ['S1'],
      passes: ['DESC'],
      dateFrom: '2021-01-01',
      dateTo: '2022-12-31',
      area: { mode: SELECT_MODES.REGION, regionCodes: ['110105'] },
    });
  });

  it('drops what it cannot use instead of failing', () => {
    const state = parse('module=x&mission=S9,LT1&from=2021-1-1&bbox=120,40,110,30&page=-3&at=500,0&shp=not-a-uuid');
    expect(state).toEqual({
      module: 'products',
      missions: ['LT1'],
      passes: [],
      dateFrom: null,
      dateTo: null,
      area: { kind: 'none' },
      page: 1,
      point: null,
    });
    expect(deformSearch(state)).toBe('mission=LT1');
  });

  it('turns an extent and an uploaded list into the image query’s area modes', () => {
    const extent = parse('bbox=116,39.5,117,40.5');
    expect(deformFilterOf(extent).area).toEqual({ mode: SELECT_MODES.EXTENT, bbox: [116, 39.5, 117, 40.5] });
    const list = parse('list=2f1c7a3e-9b4d-4c1e-8f2a-0d3b5e6f7a8b');
    expect(deformFilterOf(list).area).toEqual({ mode: SELECT_MODES.FILE, uploadId: '2f1c7a3e-9b4d-4c1e-8f2a-0d3b5e6f7a8b' });
  });
});
