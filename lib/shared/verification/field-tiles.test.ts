/** The tiles a checker takes into the field (issue 34.2): overview zooms over the area, close zooms near spots only, within a bound. */
import { FIELD_TILE_LIMITS, planFieldTiles, tileUrl, tileX, tileY, type Box } from './field-tiles';

const spot = (lon: number, lat: number, d = 0.001): Box => [lon - d, lat - d, lon + d, lat + d];

describe('planFieldTiles', () => {
  it('numbers tiles as Web-Mercator XYZ', () => {
    expect([tileX(0, 1), tileY(0, 1)]).toEqual([1, 1]);
    expect([tileX(114.5, 10), tileY(38.0, 10)]).toEqual([837, 394]);
  });

  it('takes every tile of the area at overview zooms and only the surroundings of each spot at close zooms', () => {
    // Two spots 40 km apart in one county.
    const plan = planFieldTiles([spot(114.3, 38.0), spot(114.7, 38.1)]);
    expect(plan.zooms).toEqual([8, 16]);
    const at = (z: number) => plan.tiles.filter(([tz]) => tz === z);
    // z12 covers the whole box between the spots (about 5 × 2 tiles); z16 only a few tiles around each spot.
    expect(at(12).length).toBeGreaterThanOrEqual(6);
    const z16 = at(16);
    expect(z16.length).toBeLessThan(20);
    const near = (lon: number, lat: number) =>
      z16.filter(([, x, y]) => Math.abs(x - tileX(lon, 16)) <= 1 && Math.abs(y - tileY(lat, 16)) <= 1).length;
    expect(near(114.3, 38.0) + near(114.7, 38.1)).toBe(z16.length);
    // Nothing twice.
    expect(new Set(plan.tiles.map((t) => t.join('/'))).size).toBe(plan.tiles.length);
  });

  it('drops the closest zooms first to stay within the bound', () => {
    const many = Array.from({ length: 400 }, (_, i) => spot(113 + (i % 20) * 0.1, 37 + Math.floor(i / 20) * 0.1));
    const plan = planFieldTiles(many);
    expect(plan.tiles.length).toBeLessThanOrEqual(FIELD_TILE_LIMITS.maxTiles);
    expect(plan.dropped[0]).toBeGreaterThan(FIELD_TILE_LIMITS.overview[1]);
    expect(plan.dropped.at(-1)).toBe(FIELD_TILE_LIMITS.close[1]);
    expect(plan.zooms![1]).toBe(Math.min(...plan.dropped) - 1);
  });

  it('plans nothing for no spots', () => {
    expect(planFieldTiles([])).toEqual({ tiles: [], zooms: null, dropped: [] });
  });

  it('fills a tile template', () => {
    expect(tileUrl('/t/{z}/{x}/{y}.png', [3, 4, 5])).toBe('/t/3/4/5.png');
    expect(tileUrl('https://t{s}.example/{z}/{x}/{y}', [3, 4, 5], ['0', '1'])).toBe('https://t1.example/3/4/5');
  });
});
