import { predictionFixture } from '@/test-utils/prediction-fixture';
import { barPosition, dayTicks, MIN_BAR_PCT, neighbourBar, shareClass, splitAtAntimeridian, timelineRows } from './timeline';

describe('pass timeline', () => {
  it('places a pass by its time over the window', () => {
    // Half a day into a two-day window, lasting six hours: 25 % from the left, 12.5 % wide.
    expect(barPosition('2026-08-22T12:00:00Z', '2026-08-22T18:00:00Z', '2026-08-22T00:00:00Z', '2026-08-24T00:00:00Z')).toEqual({
      leftPct: 25,
      widthPct: 12.5,
    });
  });

  it('draws a short pass at the minimum width, and one at the very end inside the row', () => {
    const short = barPosition('2026-08-23T00:00:00Z', '2026-08-23T00:00:30Z', '2026-08-22T00:00:00Z', '2026-08-29T00:00:00Z');
    expect(short.widthPct).toBe(MIN_BAR_PCT);
    expect(short.leftPct).toBeCloseTo(100 / 7, 6);
    const last = barPosition('2026-08-28T23:59:50Z', '2026-08-29T00:00:20Z', '2026-08-22T00:00:00Z', '2026-08-29T00:00:00Z');
    expect(last.leftPct + last.widthPct).toBeCloseTo(100, 9);
  });

  it('puts a row per satellite with passes, in the answer order, bars in time order', () => {
    const rows = timelineRows(predictionFixture(), (s) => s.name);
    expect(rows.map((r) => r.norad)).toEqual([40118, 43485]);
    expect(rows[0]?.bars.map((b) => b.pass.id)).toEqual(['40118-1', '40118-2']);
    expect(rows[0]?.bars[0]?.leftPct).toBeCloseTo((3 / (7 * 24)) * 100, 6);
  });

  it('moves along a row and to the nearest pass of the next row', () => {
    const rows = timelineRows(predictionFixture(), (s) => s.name);
    expect(neighbourBar(rows, '40118-1', 'next')).toBe('40118-2');
    expect(neighbourBar(rows, '40118-1', 'previous')).toBeNull();
    expect(neighbourBar(rows, '40118-1', 'last')).toBe('40118-2');
    expect(neighbourBar(rows, '40118-2', 'down')).toBe('43485-1');
    expect(neighbourBar(rows, '43485-1', 'up')).toBe('40118-1');
    expect(neighbourBar(rows, '43485-1', 'down')).toBeNull();
  });

  it('classes the share: darker for more, limits exclusive', () => {
    expect([0, 9.99, 10, 29, 30, 59.9, 60, 89.9, 90, 100].map(shareClass)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
  });

  it('marks each day of the window', () => {
    expect(dayTicks('2026-08-22T00:00:00.000Z', 2)).toEqual([
      { iso: '2026-08-22T00:00:00.000Z', pct: 0 },
      { iso: '2026-08-23T00:00:00.000Z', pct: 50 },
      { iso: '2026-08-24T00:00:00.000Z', pct: 100 },
    ]);
  });

  it('cuts a track where it crosses the antimeridian', () => {
    expect(
      splitAtAntimeridian([
        [178, 10],
        [179.5, 11],
        [-179.5, 12],
        [-178, 13],
      ]),
    ).toEqual([
      [
        [178, 10],
        [179.5, 11],
      ],
      [
        [-179.5, 12],
        [-178, 13],
      ],
    ]);
  });
});
