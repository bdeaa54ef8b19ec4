import type { SatelliteRecord } from '../../shared/satellites/data-file';
import { footprint, generateScenes, LAST_SCENE_DATE, SCENES_PER_SATELLITE } from './scenes';

const satellite = {
  slug: 'gf2',
  orbit: { type: 'sso' },
  members: [{ launchDate: '2014-08-19' }],
  imagery: { uses: [], products: [{ sensor: 'PMS1', prefix: 'GF2', resolutionM: 0.8, sceneKm: 23, optical: true }] },
} as unknown as SatelliteRecord;
const counties = [
  { code: '110101', lon: 116.41, lat: 39.93 },
  { code: '440305', lon: 113.93, lat: 22.53 },
  { code: '650102', lon: 87.62, lat: 43.8 },
];

describe('demo scenes', () => {
  it('are deterministic, named like CRESDA products and dated within the satellite’s life', () => {
    const a = generateScenes(satellite, counties);
    expect(a).toEqual(generateScenes(satellite, counties));
    expect(a).toHaveLength(SCENES_PER_SATELLITE);
    for (const s of a) {
      expect(s.sceneId).toMatch(/^GF2_PMS1_E\d+\.\d_N\d+\.\d_\d{8}_L1A\d{10}$/);
      expect(s.acquiredOn >= '2014-11-17' && s.acquiredOn <= LAST_SCENE_DATE).toBe(true);
      expect(counties.map((c) => c.code)).toContain(s.regionCode);
      expect(s.cloudPct).toBeGreaterThanOrEqual(0);
    }
    expect([...a].sort((x, y) => y.acquiredOn.localeCompare(x.acquiredOn))).toEqual(a);
  });

  it('draws a closed footprint of the scene size around the centre', () => {
    const ring = footprint(116.4, 40, 23, 0);
    expect(ring).toHaveLength(5);
    expect(ring[0]).toEqual(ring[4]);
    const width = (ring[1]![0] - ring[0]![0]) * 111.32 * Math.cos((40 * Math.PI) / 180);
    expect(width).toBeCloseTo(23, 1);
    const turned = footprint(116.4, 40, 23, 192);
    const cx = turned.slice(0, 4).reduce((s, p) => s + p[0], 0) / 4;
    expect(cx).toBeCloseTo(116.4, 3);
  });
});
