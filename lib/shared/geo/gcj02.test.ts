import { gcj02ToWgs84, isOutsideChina, wgs84ToGcj02 } from './gcj02';

// Reference pairs from googollee/eviltransform's test suite: [wgsLon, wgsLat, gcjLon, gcjLat].
const REFERENCE: ReadonlyArray<readonly [string, number, number, number, number]> = [
  ['Shanghai', 121.5272106, 31.1774276, 121.531541859215, 31.17530398364597],
  ['Shenzhen', 113.912316, 22.543847, 113.9171764808363, 22.540796131694766],
  ['Beijing', 116.377817, 39.911954, 116.38404722455657, 39.91334545536069],
];

/** Ground distance in metres between two nearby points (equirectangular, fine at this scale). */
function metresBetween([lon1, lat1]: readonly number[], [lon2, lat2]: readonly number[]): number {
  const k = (Math.PI / 180) * 6371008.8;
  const dx = (lon2! - lon1!) * Math.cos(((lat1! + lat2!) / 2) * (Math.PI / 180)) * k;
  const dy = (lat2! - lat1!) * k;
  return Math.hypot(dx, dy);
}

describe('wgs84ToGcj02', () => {
  it.each(REFERENCE)('matches the published value for %s', (_name, wLon, wLat, gLon, gLat) => {
    const [lon, lat] = wgs84ToGcj02(wLon, wLat);
    expect(lon).toBeCloseTo(gLon, 9);
    expect(lat).toBeCloseTo(gLat, 9);
  });

  it('shifts points inside China by hundreds of metres', () => {
    const shift = metresBetween([116.39, 39.9], wgs84ToGcj02(116.39, 39.9));
    expect(shift).toBeGreaterThan(100);
    expect(shift).toBeLessThan(1000);
  });

  it('is the identity outside China', () => {
    expect(wgs84ToGcj02(2.35, 48.85)).toEqual([2.35, 48.85]);
    expect(wgs84ToGcj02(140, 35)).toEqual([140, 35]);
  });
});

describe('gcj02ToWgs84', () => {
  it.each(REFERENCE)('inverts the published value for %s', (_name, wLon, wLat, gLon, gLat) => {
    const [lon, lat] = gcj02ToWgs84(gLon, gLat);
    expect(metresBetween([lon, lat], [wLon, wLat])).toBeLessThan(0.01);
  });

  it('round-trips to within 1 cm across China', () => {
    let worst = 0;
    for (let lon = 73.5; lon <= 135; lon += 1.7) {
      for (let lat = 3.9; lat <= 53.5; lat += 1.3) {
        const back = gcj02ToWgs84(...wgs84ToGcj02(lon, lat));
        worst = Math.max(worst, metresBetween(back, [lon, lat]));
      }
    }
    expect(worst).toBeLessThan(0.01);
  });

  it('is the identity outside China', () => {
    expect(gcj02ToWgs84(-74, 40.7)).toEqual([-74, 40.7]);
    expect(isOutsideChina(-74, 40.7)).toBe(true);
    expect(isOutsideChina(116.4, 39.9)).toBe(false);
  });
});
