import { classIndex, classLimits, colorFor, legendClasses, NO_DATA_COLOR, rampColor, rampColors, type LegendClass } from './legend';

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

  it.each([null, Number.NaN, -4, Number.POSITIVE_INFINITY])('gives a single grey no-data class for max %p', (max) => {
    expect(legendClasses(max, 'yellowRed')).toEqual([{ noData: true, index: 0, color: NO_DATA_COLOR }]);
  });

  it('gives one class "0" in the lightest colour when every value is 0 (zero is data, not no data)', () => {
    expect(legendClasses(0, 'green')).toEqual([{ noData: false, index: 0, from: 0, to: 0, label: '0.00', color: rampColor('green', 0) }]);
    expect(legendClasses(0, 'green', { whole: true })).toMatchObject([{ label: '0' }]);
    expect(classIndex(0, 0)).toBe(0);
    expect(colorFor(0, 0, 'green')).toBe(rampColor('green', 0));
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
    expect(classIndex(3, -1, 10)).toBe(-1);
  });

  // floor(value / max * 10) put these one class too low: 0.7 / 7 * 10 is 0.9999999999999999.
  it.each([
    [6.64, 66.4, 1],
    [13.28, 66.4, 2],
    [46.48, 66.4, 7],
    [0.7, 7, 1],
    [1.4, 7, 2],
    [5.6, 7, 8],
  ])('places %p, exactly on a class limit of max %p, in class %p as the labels say', (value, max, expected) => {
    expect(classIndex(value, max)).toBe(expected);
    const c = legendClasses(max, 'green')[expected]!;
    expect(c.noData ? null : c.label.startsWith(value.toFixed(2))).toBe(true);
    expect(colorFor(value, max, 'green')).toBe(c.color);
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

/** The class whose label holds `value` (half-open, the last one closed; whole numbers inclusive). */
function labelledClass(classes: LegendClass[], value: number, whole: boolean): LegendClass | undefined {
  return classes.find((c, i) => {
    if (c.noData) return false;
    const last = i === classes.length - 1;
    if (whole) return value >= c.from && value <= c.to;
    return value >= c.from && (value < c.to || (last && value === c.to));
  });
}

describe('legend and map agree', () => {
  it('for every two-decimal value on or beside a class limit, over many maxima', () => {
    for (let cents = 1; cents <= 10_000; cents += 37) {
      const max = cents / 100;
      const classes = legendClasses(max, 'green');
      for (const limit of classLimits(max)) {
        for (const value of [limit, Math.round((limit - 0.01) * 100) / 100, Math.round((limit + 0.01) * 100) / 100]) {
          if (value < 0 || value > max) continue;
          const labelled = labelledClass(classes, value, false);
          expect({ max, value, index: classIndex(value, max) }).toEqual({ max, value, index: labelled?.index });
        }
      }
    }
  });

  it('labels counts as whole numbers: "0 – 66", "67 – 132", …, "598 – 664" for a maximum of 664', () => {
    const classes = legendClasses(664, 'green', { whole: true });
    expect(classes.map((c) => (c.noData ? null : c.label))).toEqual([
      '0 – 66',
      '67 – 132',
      '133 – 199',
      '200 – 265',
      '266 – 331',
      // 5 × 66.4 is exactly 332: it opens the sixth class.
      '332 – 398',
      '399 – 464',
      '465 – 531',
      '532 – 597',
      '598 – 664',
    ]);
    expect(classIndex(66, 664, { whole: true })).toBe(0);
    expect(classIndex(67, 664, { whole: true })).toBe(1);
    expect(classIndex(664, 664, { whole: true })).toBe(9);
  });

  it('leaves out count classes no whole number falls in, keeping each class its own colour', () => {
    const classes = legendClasses(7, 'blue', { whole: true });
    expect(classes.map((c) => (c.noData ? null : c.label))).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    const all = rampColors('blue', 10);
    for (const c of classes) expect(c.color).toBe(all[c.index]);
    expect(legendClasses(3, 'blue', { whole: true }).map((c) => (c.noData ? null : c.label))).toEqual(['0', '1', '2', '3']);
  });

  it('for every count up to the maximum, over many maxima', () => {
    for (const max of [...Array.from({ length: 60 }, (_, i) => i + 1), 99, 100, 101, 664, 997]) {
      const classes = legendClasses(max, 'green', { whole: true });
      for (let value = 0; value <= max; value++) {
        const index = classIndex(value, max, { whole: true });
        expect({ max, value, index }).toEqual({ max, value, index: labelledClass(classes, value, true)?.index });
        expect(colorFor(value, max, 'green', { whole: true })).toBe(classes.find((c) => c.index === index)!.color);
      }
    }
  });
});
