import {
  batchesInRange,
  detailRegion,
  monitorSearch,
  parseMonitorState,
  rangeCovers,
  rangeHome,
  rangeRegion,
  spotCql,
} from './monitor-state';

const parse = (query: string) => parseMonitorState(new URLSearchParams(query));

describe('monitor URL state', () => {
  it('round-trips a shared view and leaves defaults out', () => {
    const query =
      '?module=detail&region=130100&batch=12&legend=area&from=20250101&to=20250630&stage=2&tblx=101&file=GF2&change=1,2&page=3&spot=42';
    expect(monitorSearch(parse(query))).toBe(query);
    expect(monitorSearch(parse(''))).toBe('');
  });

  it('falls back to defaults for anything malformed', () => {
    const state = parse('module=nope&region=12&batch=0x1&legend=x&from=20250230&stage=9&tblx=999&change=7,a&page=-2&spot=abc');
    expect(state).toMatchObject({
      module: 'statistics',
      region: '100000',
      batch: null,
      legend: 'count',
      from: null,
      stage: null,
      tblx: null,
      change: [],
      page: 1,
      spot: null,
    });
  });

  it('treats every change type checked as all (none checked)', () => {
    expect(parse('change=3,0,2,1').change).toEqual([]);
    expect(parse('change=2,0,2').change).toEqual([0, 2]);
  });
});

describe('detail scope (spec §4)', () => {
  it('keeps the region when a range covers it, else the whole range', () => {
    expect(detailRegion(['130000'], '130100')).toBe('130100');
    expect(detailRegion(['130000'], '130000')).toBe('130000');
    expect(detailRegion(['100000'], '110000')).toBe('110000');
    expect(detailRegion(['130100'], '130000')).toBeNull();
    expect(detailRegion(['130000'], '110000')).toBeNull();
    expect(detailRegion([], '130000')).toBeNull();
  });

  it('opens a city user on their city, not on the country they may not see', () => {
    // demo-city: Shijiazhuang. The country, Hebei and Beijing are outside; its counties are inside.
    expect(rangeRegion(['130100'], '100000')).toBe('130100');
    expect(rangeRegion(['130100'], '130000')).toBe('130100');
    expect(rangeRegion(['130100'], '110000')).toBe('130100');
    expect(rangeRegion(['130100'], '130102')).toBe('130102');
    expect(rangeRegion(['130100'], '130100')).toBe('130100');
    // A country-wide range covers everything; no range changes nothing (the screen says why instead).
    expect(rangeRegion(['100000'], '110000')).toBe('110000');
    expect(rangeRegion([], '110000')).toBe('110000');
    expect(rangeCovers(['130000'], '130102')).toBe(true);
    expect(rangeCovers(['130100'], '130000')).toBe(false);
  });

  it('opens several ranges on the smallest region holding them all', () => {
    expect(rangeHome(['130100', '130200'])).toBe('130000');
    expect(rangeHome(['130102', '130104'])).toBe('130100');
    expect(rangeHome(['130100', '110000'])).toBe('100000');
    expect(rangeHome(['130100', '130100'])).toBe('130100');
    expect(rangeHome([])).toBe('100000');
    expect(rangeRegion(['130100', '130200'], '110000')).toBe('130000');
    // Hebei holds both ranges without being covered by one: it stays, and the scope is the ranges in it.
    expect(rangeRegion(['130100', '130200'], '130000')).toBe('130000');
    expect(detailRegion(['130100', '130200'], '130000')).toBeNull();
  });
});

describe('spot CQL', () => {
  const batches = [
    { id: '1', periodStart: '2025-01-01', periodEnd: '2025-03-31' },
    { id: '2', periodStart: '2025-04-01', periodEnd: '2025-06-30' },
    { id: '3', periodStart: '2025-07-01', periodEnd: '2025-09-30' },
  ];
  it('selects the batches overlapping a date range', () => {
    expect(batchesInRange(batches, null, null)).toBeNull();
    expect(batchesInRange(batches, '20250415', null)).toEqual(['2', '3']);
    expect(batchesInRange(batches, '20250101', '20250401')).toEqual(['1', '2']);
    expect(batchesInRange(batches, '20260101', null)).toEqual([]);
  });
  it('builds the filter from the region, batches, codes, file name and change types, quoting text', () => {
    expect(
      spotCql({ theme: 'landcover', region: '130100', batchIds: ['1', '2'], stage: '2', tblx: '101', file: "a'b", change: [1, 3] }),
    ).toBe(
      "theme = 'landcover' AND city = '130100' AND batch IN (1, 2) AND stage = '2' AND tblx = '101' AND filename ILIKE '%a''b%' ESCAPE '\\' AND change_type IN (1, 3)",
    );
    // The user's wildcards and backslash are literal, as in the list's SQL filter.
    expect(spotCql({ theme: 'x', region: null, batchIds: null, stage: null, tblx: null, file: 'GF1_50%\\', change: [] })).toBe(
      "theme = 'x' AND filename ILIKE '%GF1\\_50\\%\\\\%' ESCAPE '\\'",
    );
    expect(spotCql({ theme: 'landcover', region: null, batchIds: [], stage: null, tblx: null, file: '', change: [] })).toBe(
      "theme = 'landcover' AND batch = -1",
    );
  });
});
