import { bboxPolygon } from './bbox';
import { signedArea2 } from './sphere';

describe('bboxPolygon', () => {
  it('is a closed, counter-clockwise ring through the four corners', () => {
    const ring = bboxPolygon([116, 39, 117, 40]).coordinates[0]!;
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual(ring[4]);
    expect(new Set(ring.slice(0, 4).map((p) => p.join()))).toEqual(new Set(['116,39', '117,39', '117,40', '116,40']));
    expect(signedArea2(ring.map(([lon, lat]) => ({ lon, lat })))).toBeGreaterThan(0);
  });
});
