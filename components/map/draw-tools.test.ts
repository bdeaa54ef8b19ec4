import { bboxOf, rectangleCorners, ringToPolygon, toDrawnShape } from './draw-tools';
import { measureSketch } from './measure-tool';

const p = (lng: number, lat: number) => ({ lat, lng });

describe('draw tools', () => {
  it('spans a rectangle from any two opposite corners', () => {
    expect(rectangleCorners(p(3, 1), p(1, 2))).toEqual([p(1, 1), p(3, 1), p(3, 2), p(1, 2)]);
  });

  it('hands out a closed counter-clockwise polygon and its bbox', () => {
    const clockwise = [p(0, 0), p(0, 1), p(1, 1), p(1, 0)];
    const shape = toDrawnShape('polygon', clockwise);
    expect(shape.kind).toBe('polygon');
    expect(shape.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [1, 0],
          [1, 1],
          [0, 1],
          [0, 0],
          [1, 0],
        ],
      ],
    });
    expect(shape.bbox).toEqual([0, 0, 1, 1]);
  });

  it('keeps a ring that is already counter-clockwise', () => {
    expect(ringToPolygon([p(0, 0), p(2, 0), p(2, 2)]).coordinates[0]).toEqual([
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 0],
    ]);
  });

  it('turns a rectangle into its box', () => {
    const shape = toDrawnShape('rectangle', [p(116.5, 40.2), p(116.1, 39.8)]);
    expect(shape.bbox).toEqual([116.1, 39.8, 116.5, 40.2]);
    expect(shape.geometry.coordinates[0]).toHaveLength(5);
    expect(bboxOf([p(5, -1)])).toEqual([5, -1, 5, -1]);
  });
});

describe('measure tools', () => {
  it('measures a line without an area', () => {
    const m = measureSketch('distance', [p(0, 0), p(1, 0), p(1, 1)]);
    expect(m.area).toBeNull();
    expect(m.length / 1000).toBeCloseTo(222.39, 1);
  });

  it('measures a closed ring: area and perimeter including the closing edge', () => {
    const m = measureSketch('area', [p(0, 0), p(1, 0), p(1, 1), p(0, 1)]);
    expect(m.area! / 1e6).toBeCloseTo(12364, -1);
    expect(m.length / 1000).toBeCloseTo(444.77, 0);
  });

  it('measures a rectangle from its two corners', () => {
    expect(measureSketch('rectangle', [p(0, 0), p(1, 1)]).area).toBeCloseTo(
      measureSketch('area', [p(0, 0), p(1, 0), p(1, 1), p(0, 1)]).area!,
      0,
    );
  });
});
