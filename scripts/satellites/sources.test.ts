import { missionStatus, parseCsv, parseTles, tleFigures } from './sources';

// Landsat 8 from the shared CelesTrak snapshot; satellites.csv gives 702.5 / 701.6 / 703.4 km for it.
const LANDSAT_8 = [
  'LANDSAT 8',
  '1 39084U 13008A   26233.60452485  .00000216  00000+0  58024-4 0  9997',
  '2 39084  98.2254 302.9463 0001268  93.6338 266.5005 14.57103174707429',
].join('\r\n');

describe('shared satellite file readers', () => {
  it('computes altitudes from a TLE as satellites.csv does', () => {
    const tle = parseTles(LANDSAT_8).get(39084)!;
    expect(tle.cospar).toBe('2013-008A');
    const f = tleFigures(tle);
    expect(f.epoch).toBe('2026-08-21T14:30:30.000Z');
    expect(f.inclinationDeg).toBe(98.2254);
    expect(f.meanAltitudeKm).toBeCloseTo(702.5, 1);
    expect(f.perigeeKm).toBeCloseTo(701.6, 1);
    expect(f.apogeeKm).toBeCloseTo(703.4, 1);
  });

  it('reads quoted CSV fields with commas, quotes and line breaks', () => {
    expect(parseCsv('a,"b, c","d ""e""","f\ng"\r\n1,2,3,4\n')).toEqual([
      ['a', 'b, c', 'd "e"', 'f\ng'],
      ['1', '2', '3', '4'],
    ]);
  });

  it('derives a mission status only from what is known', () => {
    expect(missionStatus(['active', 'active'])).toBe('operational');
    expect(missionStatus(['active', 'lost'])).toBe('partly');
    expect(missionStatus(['active', 'unlisted'])).toBe('partly');
    expect(missionStatus(['retired', 'lost'])).toBe('retired');
    expect(missionStatus(['retired', 'unlisted'])).toBeNull();
    expect(missionStatus([])).toBeNull();
  });
});
