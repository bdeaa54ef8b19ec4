import { parseCompactDate, quarterPeriod, toCompactDate } from './dates';
import { isMonitoredRegion } from './codes';
import { cellSizeKm, GRID_CLASSES, gridCellColor, gridClassIndex, percentOf, tileBounds, tileOf } from './grid';
import { scopePrefixes } from './scope';

describe('parseCompactDate', () => {
  it('accepts real calendar days written YYYYMMDD', () => {
    expect(parseCompactDate('20250101')).toBe('2025-01-01');
    expect(parseCompactDate('20240229')).toBe('2024-02-29');
    expect(toCompactDate('2024-02-29')).toBe('20240229');
  });
  it('refuses impossible days and other formats', () => {
    for (const bad of ['20250229', '20251301', '20250100', '20250431', '2025-01-01', '2025011', '202501011', '18991231', 'abcdefgh', ''])
      expect(parseCompactDate(bad)).toBeNull();
  });
  it('gives the days of a quarter', () => {
    expect(quarterPeriod('2024Q1')).toEqual({ start: '2024-01-01', end: '2024-03-31' });
    expect(quarterPeriod('2025Q4')).toEqual({ start: '2025-10-01', end: '2025-12-31' });
    expect(() => quarterPeriod('2025Q5')).toThrow();
  });
});

describe('scopePrefixes', () => {
  it('narrows a country-wide range to the region viewed', () => {
    expect(scopePrefixes(null)).toBeNull();
    expect(scopePrefixes(null, '100000')).toBeNull();
    expect(scopePrefixes(null, '130100')).toEqual(['1301']);
  });
  it('uses the region when a range covers it, the ranges inside a larger region, nothing when unrelated', () => {
    expect(scopePrefixes(['13'], '130102')).toEqual(['130102']);
    expect(scopePrefixes(['13'], '130000')).toEqual(['13']);
    expect(scopePrefixes(['1301', '1302'], '130000')).toEqual(['1301', '1302']);
    expect(scopePrefixes(['1301', '1302'], '100000')).toEqual(['1301', '1302']);
    expect(scopePrefixes(['13'], '110000')).toEqual([]);
    expect(scopePrefixes(['13'], '110101')).toEqual([]);
    expect(scopePrefixes([], '130000')).toEqual([]);
  });
});

describe('grid cells', () => {
  it('finds the tile of a point and its bounds contain the point', () => {
    const [x, y] = tileOf(13, 114.5, 38.04);
    const [w, s, e, n] = tileBounds(13, x, y);
    expect(w).toBeLessThanOrEqual(114.5);
    expect(e).toBeGreaterThan(114.5);
    expect(s).toBeLessThanOrEqual(38.04);
    expect(n).toBeGreaterThan(38.04);
    expect(e - w).toBeCloseTo(360 / 8192, 9);
  });
  it('gives percentages with two decimals', () => {
    expect(percentOf(1, 3)).toBe(33.33);
    expect(percentOf(2, 3)).toBe(66.67);
    expect(percentOf(5, 0)).toBe(0);
  });
});

describe('grid cell classes', () => {
  it('puts every count in the class its legend label names', () => {
    expect([1, 2, 3, 4, 6, 7, 10, 11, 250].map(gridClassIndex)).toEqual([0, 1, 1, 2, 2, 3, 3, 4, 4]);
    expect(gridClassIndex(0)).toBe(0);
    for (let count = 1; count <= 40; count++) {
      const c = GRID_CLASSES[gridClassIndex(count)]!;
      expect(count).toBeGreaterThanOrEqual(c.from);
      if (c.to !== null) expect(count).toBeLessThanOrEqual(c.to);
      expect(gridCellColor(count)).toBe(c.color);
    }
  });

  it('gives every class, the single spot too, at least 3:1 contrast against the light base map', () => {
    const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => linear(Number.parseInt(hex.slice(i, i + 2), 16) / 255));
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const base = luminance('#f2efe9');
    const lums = GRID_CLASSES.map((c) => luminance(c.color));
    for (const l of lums) expect((base + 0.05) / (l + 0.05)).toBeGreaterThanOrEqual(3);
    // Darker with more spots.
    expect(lums).toEqual([...lums].sort((a, b) => b - a));
  });

  it('measures a level-13 cell: about 4.9 km at the equator, 3.9 km at Shijiazhuang', () => {
    expect(cellSizeKm(13, 0)).toBeCloseTo(4.89, 2);
    expect(cellSizeKm(13, 38.04)).toBeCloseTo(3.85, 2);
  });
});

describe('monitoring programme', () => {
  it('leaves out Taiwan, Hong Kong and Macao with everything in them, and covers the rest', () => {
    for (const code of ['710000', '810000', '820000', '810101', '820100']) expect(isMonitoredRegion(code)).toBe(false);
    for (const code of ['100000', '130000', '130102', '440300', '460000']) expect(isMonitoredRegion(code)).toBe(true);
  });
});
