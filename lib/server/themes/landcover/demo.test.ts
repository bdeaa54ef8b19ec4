import { mulberry32 } from '../../../shared/random';
import { planCounts, spotShape } from './demo';

describe('demo spot generator', () => {
  const counties = [
    ...Array.from({ length: 200 }, (_, i) => `13${String(1000 + i).slice(1)}`),
    ...Array.from({ length: 200 }, (_, i) => `63${String(1000 + i).slice(1)}`),
    '810001',
  ];

  it('is deterministic and dense in the dense provinces only', () => {
    const a = planCounts(counties, 8);
    expect([...planCounts(counties, 8)]).toEqual([...a]);
    const active = (prefix: string) => [...a.keys()].filter((c) => c.startsWith(prefix)).length;
    expect(active('13')).toBeGreaterThan(120);
    expect(active('63')).toBeLessThan(40);
    expect(a.has('810001')).toBe(false);
  });

  it('draws closed quadrilaterals of 0.2–30 ha', () => {
    const rng = mulberry32(7);
    for (let i = 0; i < 200; i++) {
      const shape = spotShape(rng, 114.5, 38);
      expect(shape.areaM2).toBeGreaterThanOrEqual(2_000);
      expect(shape.areaM2).toBeLessThanOrEqual(300_000);
      const points = /\(\(\((.*)\)\)\)/.exec(shape.wkt)![1]!.split(',');
      expect(points).toHaveLength(5);
      expect(points[0]).toBe(points[4]);
    }
  });
});
