import { defaultPushStatsState, parsePushStatsState, pushStatsSearch, termsOf } from './state';

const NOW = new Date(Date.UTC(2026, 10, 15));

describe('push statistics state in the address', () => {
  it('defaults to the last four quarters, the country and the reader (an administrator: everyone)', () => {
    expect(defaultPushStatsState(false, NOW)).toEqual({
      step: 'quarter',
      from: '2026Q1',
      to: '2026Q4',
      region: '100000',
      user: 'me',
      page: 1,
    });
    expect(defaultPushStatsState(true, NOW).user).toBe('all');
    expect(pushStatsSearch(defaultPushStatsState(true, NOW), true, NOW)).toBe('');
  });

  it('round-trips a chosen state and keeps only what differs', () => {
    const state = { step: 'month' as const, from: '2026-03', to: '2026-08', region: '130000', user: '42', page: 2 };
    const search = pushStatsSearch(state, true, NOW);
    expect(search).toBe('?step=month&from=2026-03&to=2026-08&region=130000&user=42&page=2');
    expect(parsePushStatsState(new URLSearchParams(search), true, NOW)).toEqual(state);
  });

  it('falls back to defaults for anything malformed, and orders the period', () => {
    const bad = parsePushStatsState(new URLSearchParams('step=week&from=x&to=2026Q9&region=13&user=<x>&page=-3'), false, NOW);
    expect(bad).toEqual(defaultPushStatsState(false, NOW));
    // Terms of another step than the one chosen: that step's default period.
    const years = parsePushStatsState(new URLSearchParams('step=year&from=2026Q1&to=2026Q2'), false, NOW);
    expect([years.from, years.to]).toEqual([termsOf('year', NOW)[3], termsOf('year', NOW)[0]]);
    const swapped = parsePushStatsState(new URLSearchParams('from=2026Q4&to=2026Q2'), false, NOW);
    expect([swapped.from, swapped.to]).toEqual(['2026Q2', '2026Q4']);
  });
});
