import { EARTH_MEAN_RADIUS, formatArea, formatDistance, haversineDistance, polygonArea, polylineLength, type LonLat } from './measure';

describe('haversineDistance', () => {
  it('measures one degree of longitude on the equator as R·π/180', () => {
    expect(haversineDistance([0, 0], [1, 0])).toBeCloseTo((EARTH_MEAN_RADIUS * Math.PI) / 180, 3);
  });

  it('measures a quarter meridian from the equator to the pole', () => {
    expect(haversineDistance([30, 0], [30, 90])).toBeCloseTo((EARTH_MEAN_RADIUS * Math.PI) / 2, 3);
  });

  it('gives the known Beijing–Shanghai great-circle distance (≈1,067 km)', () => {
    const d = haversineDistance([116.4074, 39.9042], [121.4737, 31.2304]);
    expect(d / 1000).toBeGreaterThan(1060);
    expect(d / 1000).toBeLessThan(1075);
  });

  it('is zero for the same point and symmetric', () => {
    expect(haversineDistance([104.29, 36.01], [104.29, 36.01])).toBe(0);
    expect(haversineDistance([1, 2], [3, 4])).toBeCloseTo(haversineDistance([3, 4], [1, 2]), 9);
  });
});

describe('polylineLength', () => {
  it('sums the segments', () => {
    const line: LonLat[] = [
      [0, 0],
      [1, 0],
      [2, 0],
    ];
    expect(polylineLength(line)).toBeCloseTo(haversineDistance([0, 0], [2, 0]), 3);
  });

  it('is zero without a segment', () => {
    expect(polylineLength([])).toBe(0);
    expect(polylineLength([[5, 5]])).toBe(0);
  });
});

describe('polygonArea', () => {
  it('gives an eighth of the sphere for the octant triangle', () => {
    const octant: LonLat[] = [
      [0, 0],
      [90, 0],
      [0, 90],
    ];
    expect(polygonArea(octant) / ((4 * Math.PI * EARTH_MEAN_RADIUS ** 2) / 8)).toBeCloseTo(1, 9);
  });

  it('matches the planar area for a small square, either winding, open or closed', () => {
    const side = 0.01;
    const square: LonLat[] = [
      [116, 40],
      [116 + side, 40],
      [116 + side, 40 + side],
      [116, 40 + side],
    ];
    const planar = ((EARTH_MEAN_RADIUS * Math.PI) / 180) ** 2 * side * side * Math.cos(((40 + side / 2) * Math.PI) / 180);
    expect(polygonArea(square) / planar).toBeCloseTo(1, 3);
    expect(polygonArea([...square].reverse())).toBeCloseTo(polygonArea(square), 3);
    expect(polygonArea([...square, square[0]!])).toBeCloseTo(polygonArea(square), 3);
  });

  it('handles a ring across the antimeridian', () => {
    const east: LonLat[] = [
      [179.5, 0],
      [-179.5, 0],
      [-179.5, 1],
      [179.5, 1],
    ];
    const west: LonLat[] = [
      [-0.5, 0],
      [0.5, 0],
      [0.5, 1],
      [-0.5, 1],
    ];
    expect(polygonArea(east)).toBeCloseTo(polygonArea(west), 0);
  });

  it('is zero for degenerate rings', () => {
    expect(polygonArea([])).toBe(0);
    expect(
      polygonArea([
        [0, 0],
        [1, 1],
      ]),
    ).toBe(0);
  });
});

describe('formatting', () => {
  it('uses metres under a kilometre and kilometres above', () => {
    expect(formatDistance(5.26, 'en')).toBe('5.3 m');
    expect(formatDistance(850.4, 'en')).toBe('850 m');
    expect(formatDistance(1500, 'en')).toBe('1.50 km');
    expect(formatDistance(12_345, 'en')).toBe('12.3 km');
    expect(formatDistance(1_067_000, 'en')).toBe('1,067 km');
  });

  it('uses m², ha and km² by size', () => {
    expect(formatArea(950, 'en')).toBe('950 m²');
    expect(formatArea(25_000, 'en')).toBe('2.50 ha');
    expect(formatArea(640_000, 'en')).toBe('64.0 ha');
    expect(formatArea(3_500_000, 'en')).toBe('3.50 km²');
    expect(formatArea(9_600_000_000_000, 'en')).toBe('9,600,000 km²');
  });

  it('formats numbers for the locale', () => {
    expect(formatArea(9_600_000_000_000, 'de')).toBe('9.600.000 km²');
    expect(formatDistance(1_067_000, 'zh')).toBe('1,067 km');
  });
});
