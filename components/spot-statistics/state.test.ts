import { parseSpotState, spotSearch, themeHref } from './state';

const params = (text: string) => new URLSearchParams(text);

describe('spot statistics state', () => {
  it('reads a region, level, period and map measure, and writes them back', () => {
    const state = parseSpotState(params('region=130000&level=county&from=2025Q3&to=2026Q2&map=landcover'));
    expect(state).toEqual({ region: '130000', level: 'county', from: '2025Q3', to: '2026Q2', map: 'landcover' });
    expect(spotSearch(state)).toBe('?region=130000&level=county&from=2025Q3&to=2026Q2&map=landcover');
  });

  it('falls back to the defaults for anything it does not know', () => {
    expect(parseSpotState(params('region=13&level=village&from=2026Q2&to=2025Q1&map=DROP%20TABLE'))).toEqual({
      region: '100000',
      level: 'children',
      from: null,
      to: null,
      map: 'cases',
    });
    // A city lists only its children; half a period is no period.
    expect(parseSpotState(params('region=130100&level=county&from=2026Q2'))).toMatchObject({ level: 'children', from: null });
    expect(spotSearch(parseSpotState(params('')))).toBe('');
  });

  it('links a theme screen to the region and batch', () => {
    expect(themeHref('/monitor/windmill', '130100', '42')).toBe('/monitor/windmill?region=130100&batch=42');
    expect(themeHref('/monitor/landcover', '100000', null)).toBe('/monitor/landcover');
  });
});
