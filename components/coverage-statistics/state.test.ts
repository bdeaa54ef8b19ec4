import { parsePeriod } from '@/lib/shared/contracts/coverage-statistics';
import { convertPeriod, normalisePeriod } from './period-picker';
import {
  comparisonEnd,
  coverageSearch,
  defaultState,
  diffClasses,
  diffClassIndex,
  difference,
  differences,
  drillLevel,
  filtersQuery,
  lastCompleteTerm,
  levelSegment,
  parseCoverageState,
  periodSegment,
  shiftTerm,
  termDistance,
  trendMonths,
} from './state';

const NOW = new Date(Date.UTC(2026, 10, 29)); // 2026-11-29

const figures = (coveredPct: number, scenes = 0) => ({ coveredPct, effectivePct: 0, scenes, revisit: 0, duplicationPct: 0 });

describe('period picker → API period', () => {
  it('a single term goes as it is, a range joined by ..; both parse to the months the picker means', () => {
    expect(periodSegment('2026Q2', '2026Q2')).toBe('2026Q2');
    expect(periodSegment('2025Q4', '2026Q1')).toBe('2025Q4..2026Q1');
    expect(parsePeriod(periodSegment('2025Q4', '2026Q1'))).toEqual({ from: '2025-10', to: '2026-03' });
    expect(parsePeriod(periodSegment('2026-02', '2026-05'))).toEqual({ from: '2026-02', to: '2026-05' });
    expect(parsePeriod(periodSegment('2024', '2025'))).toEqual({ from: '2024-01', to: '2025-12' });
  });

  it('moves terms across year ends and measures their distance', () => {
    expect(shiftTerm('quarter', '2026Q1', -1)).toBe('2025Q4');
    expect(shiftTerm('quarter', '2025Q4', 2)).toBe('2026Q2');
    expect(shiftTerm('month', '2026-01', -1)).toBe('2025-12');
    expect(shiftTerm('month', '2025-11', 14)).toBe('2027-01');
    expect(shiftTerm('year', '2026', -3)).toBe('2023');
    expect(termDistance('quarter', '2025Q3', '2026Q2')).toBe(3);
    expect(termDistance('month', '2026-03', '2026-01')).toBe(-2);
  });

  it('defaults to the last complete term before today', () => {
    expect(lastCompleteTerm('quarter', NOW)).toBe('2026Q3');
    expect(lastCompleteTerm('month', NOW)).toBe('2026-10');
    expect(lastCompleteTerm('year', NOW)).toBe('2025');
    expect(lastCompleteTerm('quarter', new Date(Date.UTC(2026, 0, 5)))).toBe('2025Q4');
  });

  it('keeps the end not before the start and the period within 60 months', () => {
    expect(normalisePeriod({ unit: 'quarter', from: '2026Q2', to: '2026Q1', vs: null }).to).toBe('2026Q2');
    expect(normalisePeriod({ unit: 'month', from: '2020-01', to: '2025-01', vs: null }).to).toBe('2020-01');
    expect(normalisePeriod({ unit: 'month', from: '2020-01', to: '2024-12', vs: null }).to).toBe('2024-12');
  });

  it('switching the unit keeps the months: a quarter becomes its months or its year', () => {
    expect(convertPeriod({ unit: 'quarter', from: '2026Q2', to: '2026Q3', vs: '2025Q4' }, 'month')).toEqual({
      unit: 'month',
      from: '2026-04',
      to: '2026-09',
      vs: '2025-10',
    });
    expect(convertPeriod({ unit: 'month', from: '2026-05', to: '2026-05', vs: null }, 'quarter')).toEqual({
      unit: 'quarter',
      from: '2026Q2',
      to: '2026Q2',
      vs: null,
    });
    expect(convertPeriod({ unit: 'quarter', from: '2026Q2', to: '2026Q2', vs: null }, 'year').from).toBe('2026');
  });

  it('the compared period has the main period’s length', () => {
    expect(comparisonEnd('quarter', '2026Q2', '2026Q3', '2025Q2')).toBe('2025Q3');
    expect(comparisonEnd('month', '2026-05', '2026-05', '2026-01')).toBe('2026-01');
  });

  it('the trend covers the twelve months ending with the period, or the whole of a longer one up to 24', () => {
    expect(trendMonths({ from: '2026-07', to: '2026-09' })).toEqual([
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
    ]);
    expect(trendMonths({ from: '2024-01', to: '2025-06' })).toHaveLength(18);
    expect(trendMonths({ from: '2020-01', to: '2025-12' })).toHaveLength(24);
  });
});

describe('screen state in the URL', () => {
  it('round-trips a full state and leaves defaults out of the URL', () => {
    const state = {
      ...defaultState(NOW),
      region: '130000',
      level: 'city' as const,
      unit: 'quarter' as const,
      from: '2026Q1',
      to: '2026Q2',
      vs: '2025Q3',
      cloud: 30,
      groups: ['radar' as const, 'cn-optical' as const],
      resolutions: ['high' as const],
      kind: 'optical' as const,
      measure: 'effectivePct' as const,
      map: 'diff' as const,
    };
    const search = coverageSearch(state, NOW);
    expect(search).toBe(
      '?region=130000&level=city&from=2026Q1&to=2026Q2&vs=2025Q3&cloud=30&groups=radar%2Ccn-optical&res=high&kind=optical&measure=effectivePct&map=diff',
    );
    // Groups come back in their declared order.
    expect(parseCoverageState(new URLSearchParams(search), NOW)).toEqual({ ...state, groups: ['cn-optical', 'radar'] });
    expect(coverageSearch(defaultState(NOW), NOW)).toBe('');
  });

  it('falls back to defaults for anything malformed', () => {
    const s = parseCoverageState(
      new URLSearchParams('region=abc&unit=week&from=2026Q9&to=2020Q1&cloud=35&groups=x,radar&kind=both&measure=area&map=diff'),
      NOW,
    );
    expect(s).toEqual({ ...defaultState(NOW), groups: ['radar'] });
    // A month range of the month unit, a to before from collapses to one term.
    const m = parseCoverageState(new URLSearchParams('unit=month&from=2026-05&to=2026-02'), NOW);
    expect([m.from, m.to]).toEqual(['2026-05', '2026-05']);
    // Counties of the whole country are not offered: the country lists provinces.
    expect(parseCoverageState(new URLSearchParams('level=county'), NOW).level).toBe('province');
  });

  it('keeps the covered-area map for a province or smaller, never for the country', () => {
    const province = parseCoverageState(new URLSearchParams('region=130000&map=area'), NOW);
    expect(province.map).toBe('area');
    expect(coverageSearch(province, NOW)).toBe('?region=130000&level=city&map=area');
    // No comparison period is needed for it, unlike the difference map.
    expect(parseCoverageState(new URLSearchParams('region=130000&map=diff'), NOW).map).toBe('value');
    expect(parseCoverageState(new URLSearchParams('map=area'), NOW).map).toBe('value');
    expect(coverageSearch({ ...defaultState(NOW), map: 'area' }, NOW)).toBe('');
  });

  it('sends only the filters chosen', () => {
    expect(filtersQuery(defaultState(NOW))).toEqual({ kind: 'all' });
    expect(filtersQuery({ cloud: 20, groups: ['radar'], resolutions: ['submeter', 'high'], kind: 'radar' })).toEqual({
      groups: 'radar',
      resolutions: 'submeter,high',
      cloudMax: 20,
      kind: 'radar',
    });
  });
});

describe('drill-down', () => {
  it('opens a province on its cities, a city on its counties, and a county as itself', () => {
    expect(drillLevel('130000', 'province')).toBe('city');
    expect(drillLevel('130000', 'county')).toBe('county');
    expect(drillLevel('130100', 'city')).toBe('county');
    expect(drillLevel('130102', 'county')).toBe('county');
    // Back up by the breadcrumb: the province lists its cities again, the country its provinces.
    expect(drillLevel('130000', 'county', '130102')).toBe('city');
    expect(drillLevel('100000', 'county', '130100')).toBe('province');
    // Down from the country's cities into a province keeps the cities.
    expect(drillLevel('130000', 'city', '100000')).toBe('city');
    expect(levelSegment('130102', 'county')).toBe('children');
    expect(levelSegment('100000', 'county')).toBe('province');
    expect(levelSegment('130000', 'county')).toBe('county');
  });
});

describe('comparison of two periods', () => {
  it('subtracts the earlier period from the later per region, in the chosen measure', () => {
    expect(difference(figures(62.5), figures(40.25), 'coveredPct')).toBe(22.25);
    expect(difference(figures(10, 3), figures(20, 9), 'scenes')).toBe(-6);
    expect(difference(figures(10), undefined, 'coveredPct')).toBeNull();
    const d = differences(
      [
        { code: 'a', ...figures(50) },
        { code: 'b', ...figures(30) },
      ],
      [{ code: 'a', ...figures(55.5) }],
      'coveredPct',
    );
    expect([...d]).toEqual([
      ['a', -5.5],
      ['b', null],
    ]);
    expect([...differences([{ code: 'a', ...figures(1) }], undefined, 'coveredPct')]).toEqual([['a', null]]);
  });

  it('classes differences in 10 equal steps from −max to +max, losses and gains in different ramps', () => {
    const classes = diffClasses([-20, 5, null, 10]);
    expect(classes).toHaveLength(10);
    expect(classes[0]!.from).toBe(-20);
    expect(classes[9]!.to).toBe(20);
    expect(classes[5]!.from).toBe(0);
    expect(classes[0]!.label).toBe('-20.00 – -16.00');
    expect(classes[9]!.label).toBe('+16.00 – +20.00');
    expect(diffClassIndex(-20, classes)).toBe(0);
    expect(diffClassIndex(-0.01, classes)).toBe(4);
    expect(diffClassIndex(0, classes)).toBe(5);
    expect(diffClassIndex(20, classes)).toBe(9);
    expect(diffClassIndex(null, classes)).toBe(-1);
    // Reds for losses, greens for gains: the darkest loss differs from the darkest gain.
    expect(classes[0]!.color).not.toBe(classes[9]!.color);
    expect(new Set(classes.map((c) => c.color)).size).toBe(10);
    expect(diffClasses([0, null])).toHaveLength(1);
  });
});
