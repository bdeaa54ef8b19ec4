import { classIndex, colorFor, legendClasses, NO_DATA_COLOR, rampColor, rampColors } from './legend';

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * ((n >> 16) & 0xff) + 0.7152 * ((n >> 8) & 0xff) + 0.0722 * (n & 0xff);
}

describe('legendClasses', () => {
  it('splits zero to the maximum into ten equal classes labelled with two decimals', () => {
    const classes = legendClasses(12.5, 'green');
    expect(classes).toHaveLength(10);
    expect(classes.map((c) => (c.noData ? null : c.label))).toEqual([
      '0.00 – 1.25',
      '1.25 – 2.50',
      '2.50 – 3.75',
      '3.75 – 5.00',
      '5.00 – 6.25',
      '6.25 – 7.50',
      '7.50 – 8.75',
      '8.75 – 10.00',
      '10.00 – 11.25',
      '11.25 – 12.50',
    ]);
    const last = classes[9]!;
    expect(last.noData === false && last.to).toBe(12.5);
  });

  it('honours another class count', () => {
    const classes = legendClasses(3, 'blue', 3);
    expect(classes.map((c) => (c.noData ? null : [c.from, c.to]))).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
  });

  it.each([null, 0, Number.NaN, -4, Number.POSITIVE_INFINITY])('gives a single grey no-data class for max %p', (max) => {
    expect(legendClasses(max, 'yellowRed')).toEqual([{ noData: true, index: 0, color: NO_DATA_COLOR }]);
  });

  it('colours the classes from light to dark along the ramp', () => {
    for (const ramp of ['green', 'yellowRed', 'blue'] as const) {
      const colors = legendClasses(100, ramp).map((c) => c.color);
      expect(new Set(colors).size).toBe(10);
      const lum = colors.map(luminance);
      expect(lum).toEqual([...lum].sort((a, b) => b - a));
    }
  });

  it('uses recognisable hues: green, yellow to red, blue', () => {
    const rgb = (hex: string) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
    const [gr, gg, gb] = rgb(rampColor('green', 0.5));
    expect(gg).toBeGreaterThan(gr!);
    expect(gg).toBeGreaterThan(gb!);
    const [yr, yg, yb] = rgb(rampColor('yellowRed', 0));
    expect(yr).toBeGreaterThan(200);
    expect(yg).toBeGreaterThan(200);
    expect(yb).toBeLessThan(200);
    const [rr, rg] = rgb(rampColor('yellowRed', 1));
    expect(rr).toBeGreaterThan(rg! * 2);
    const [br, , bb] = rgb(rampColor('blue', 0.7));
    expect(bb).toBeGreaterThan(br!);
  });

  it('gives one dark colour for a single class', () => {
    expect(rampColors('green', 1)).toEqual([rampColor('green', 1)]);
  });
});

describe('classIndex', () => {
  it('places values in half-open classes, the maximum in the last', () => {
    expect(classIndex(0, 12.5, 10)).toBe(0);
    expect(classIndex(1.24, 12.5, 10)).toBe(0);
    expect(classIndex(1.25, 12.5, 10)).toBe(1);
    expect(classIndex(12.4, 12.5, 10)).toBe(9);
    expect(classIndex(12.5, 12.5, 10)).toBe(9);
  });

  it('clamps values outside the range', () => {
    expect(classIndex(-3, 10, 10)).toBe(0);
    expect(classIndex(99, 10, 10)).toBe(9);
  });

  it('answers -1 when there is no value or no range', () => {
    expect(classIndex(null, 10, 10)).toBe(-1);
    expect(classIndex(Number.NaN, 10, 10)).toBe(-1);
    expect(classIndex(3, null, 10)).toBe(-1);
    expect(classIndex(3, 0, 10)).toBe(-1);
  });

  it('agrees with the legend classes', () => {
    const classes = legendClasses(7, 'blue');
    for (const value of [0, 0.69, 0.7, 3.5, 6.99, 7]) {
      const c = classes[classIndex(value, 7)]!;
      expect(c.noData).toBe(false);
      if (!c.noData) {
        expect(value).toBeGreaterThanOrEqual(c.from);
        expect(value).toBeLessThanOrEqual(c.to);
      }
      expect(colorFor(value, 7, 'blue')).toBe(c.color);
    }
    expect(colorFor(null, 7, 'blue')).toBe(NO_DATA_COLOR);
  });
});
