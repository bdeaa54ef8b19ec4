import { chinaTime, compassPoint, formatLonLat, photoFlags, photoTally } from './photos';

describe('photoFlags', () => {
  const base = { distanceM: 20, tappedGapM: null, takenAt: new Date('2026-07-02T03:00:00Z'), pushedOn: '2026-07-01', thresholdM: 200 };

  it('gives none to a photo taken near the spot after the push', () => {
    expect(photoFlags(base)).toEqual([]);
  });

  it('flags far from the spot only beyond the threshold', () => {
    expect(photoFlags({ ...base, distanceM: 200 })).toEqual([]);
    expect(photoFlags({ ...base, distanceM: 200.5 })).toEqual(['far']);
    expect(photoFlags({ ...base, distanceM: 350, thresholdM: 500 })).toEqual([]);
  });

  it('flags a photo taken before the push day began in China time', () => {
    // 2026-06-30 23:59 China time is before 2026-07-01; 00:00 China time is not.
    expect(photoFlags({ ...base, takenAt: new Date('2026-06-30T15:59:00Z') })).toEqual(['before_push']);
    expect(photoFlags({ ...base, takenAt: new Date('2026-06-30T16:00:00Z') })).toEqual([]);
    expect(photoFlags({ ...base, takenAt: null })).toEqual([]);
  });

  it('flags a photo without GPS, and a position away from where the user tapped', () => {
    expect(photoFlags({ ...base, distanceM: null })).toEqual(['no_gps']);
    expect(photoFlags({ ...base, tappedGapM: 150 })).toEqual([]);
    expect(photoFlags({ ...base, tappedGapM: 250 })).toEqual(['tap_mismatch']);
    expect(photoFlags({ ...base, distanceM: 900, tappedGapM: 800, takenAt: new Date('2025-01-01T00:00:00Z') })).toEqual([
      'far',
      'before_push',
      'tap_mismatch',
    ]);
  });
});

describe('photo helpers', () => {
  it('tallies needed against present per view kind', () => {
    const tally = photoTally({ distant: 1, close: 2 }, ['close', 'close', 'close', 'drone']);
    expect(tally.find((t) => t.kind === 'distant')).toEqual({ kind: 'distant', needed: 1, have: 0 });
    expect(tally.find((t) => t.kind === 'close')).toEqual({ kind: 'close', needed: 2, have: 3 });
    expect(tally.find((t) => t.kind === 'drone')).toEqual({ kind: 'drone', needed: 0, have: 1 });
    expect(tally).toHaveLength(8);
  });

  it('names headings, China time and positions', () => {
    expect([0, 44, 46, 180, 225.5, 359].map(compassPoint)).toEqual(['N', 'NE', 'NE', 'S', 'SW', 'N']);
    expect(chinaTime(new Date('2026-03-05T18:20:30Z'))).toBe('2026-03-06 02:20:30');
    expect(formatLonLat(-70.5, -33.25)).toBe('33.250000°S 70.500000°W');
  });
});
