/** The period segment of the coverage statistics: years, quarters, months and ranges of them, bounded. */
import {
  COVERAGE_STATS_LIMITS,
  coverageFiltersSchema,
  coverageStatisticsParamsSchema,
  monthSpan,
  parsePeriod,
} from './coverage-statistics';

describe('coverage statistics periods', () => {
  it('reads a year, a quarter, a month and ranges of them as UTC months', () => {
    expect(parsePeriod('2026')).toEqual({ from: '2026-01', to: '2026-12' });
    expect(parsePeriod('2026Q2')).toEqual({ from: '2026-04', to: '2026-06' });
    expect(parsePeriod('2026q4')).toEqual({ from: '2026-10', to: '2026-12' });
    expect(parsePeriod('2026-05')).toEqual({ from: '2026-05', to: '2026-05' });
    expect(parsePeriod('2025Q4..2026-02')).toEqual({ from: '2025-10', to: '2026-02' });
    expect(monthSpan({ from: '2025-10', to: '2026-02' })).toBe(5);
    for (const bad of ['2026Q5', '2026-13', '2026-1', '26', '2026..2027..2028', 'x', '']) expect(parsePeriod(bad)).toBeNull();
  });

  it('bounds the span and refuses reversed ranges', () => {
    const parse = (c: string) => coverageStatisticsParamsSchema.safeParse({ a: 'county', b: '130100', c });
    expect(parse('2021-01..2025-12').success).toBe(true); // 60 months
    expect(parse('2021-01..2026-01').success).toBe(false);
    expect(parse('2026-02..2026-01').success).toBe(false);
    expect(parse('1969').success).toBe(false);
    expect(COVERAGE_STATS_LIMITS.maxMonths).toBe(60);
  });

  it('takes filters as comma lists of known values and a cloud limit on the class bounds', () => {
    expect(coverageFiltersSchema.parse({ groups: 'radar,cn-optical', resolutions: 'high', cloudMax: '30' })).toEqual({
      groups: ['radar', 'cn-optical'],
      resolutions: ['high'],
      cloudMax: 30,
      kind: 'all',
    });
    expect(coverageFiltersSchema.safeParse({ cloudMax: '35' }).success).toBe(false);
    expect(coverageFiltersSchema.safeParse({ cloudMax: '0' }).success).toBe(false);
    expect(coverageFiltersSchema.safeParse({ groups: 'optical' }).success).toBe(false);
  });
});
