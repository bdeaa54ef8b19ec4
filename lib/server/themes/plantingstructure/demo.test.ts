import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PLANTINGSTRUCTURE } from '../../../shared/themes/plantingstructure';
import {
  countyStructure,
  NATIONAL_MHA,
  OTHER_MHA,
  PLANTING_YEARS,
  SAMPLE_AREAS,
  sampleCounties,
  sampleParcels,
  SEASON_OF,
} from './demo';

// The real leaf regions (counties, and cities without counties) of the bundled boundaries.
const LEAVES = (() => {
  const file = path.join(process.cwd(), 'data/regions/regions-lo.geojson.gz');
  const features = (
    JSON.parse(gunzipSync(readFileSync(file)).toString()) as {
      features: { properties: { code: string; parent: string | null; level: string } }[];
    }
  ).features;
  const parents = new Set(features.map((f) => f.properties.parent));
  return features
    .filter((f) => ['city', 'county'].includes(f.properties.level) && !parents.has(f.properties.code))
    .map((f) => f.properties.code);
})();
const rows = countyStructure(LEAVES);
const y2023 = PLANTING_YEARS.indexOf(2023);
const sum = (filter: (r: (typeof rows)[number]) => boolean, year = y2023) =>
  rows.filter(filter).reduce((n, r) => n + r.areas[year]!, 0) / 1e6;

describe('planting structure demo', () => {
  it('sums to the national sown areas of the base year, each crop in its declared season', () => {
    for (const [crop, mha] of Object.entries(NATIONAL_MHA)) {
      if (crop === 'other') continue;
      // Counties under 50 ha of a crop grow none of it: a little below the national figure.
      expect(sum((r) => r.crop === crop)).toBeGreaterThan(mha * 0.97);
      expect(sum((r) => r.crop === crop)).toBeLessThanOrEqual(mha * 1.005);
    }
    for (const [season, mha] of Object.entries(OTHER_MHA))
      expect(sum((r) => r.crop === 'other' && r.season === season)).toBeCloseTo(mha, 0);
    const seasons = Object.fromEntries(PLANTINGSTRUCTURE.structure.seasons.map((s) => [s.season, s.crops as readonly string[]]));
    expect(rows.every((r) => seasons[r.season]!.includes(r.crop))).toBe(true);
    for (const [crop, season] of Object.entries(SEASON_OF))
      expect(rows.filter((r) => r.crop === crop).every((r) => r.season === season)).toBe(true);
  });

  it('grows crops where they really grow', () => {
    const province = (crop: string, p: string) => sum((r) => r.crop === crop && r.xzqdm.startsWith(p));
    expect(province('wheat', '41')).toBeGreaterThan(5); // Henan
    expect(province('wheat', '44')).toBe(0); // Guangdong
    expect(province('cotton', '65') / sum((r) => r.crop === 'cotton')).toBeGreaterThan(0.85); // Xinjiang
    expect(province('soybean', '23')).toBeGreaterThan(4); // Heilongjiang
    // North Anhui (Huaibei plain) holds most of Anhui's wheat; the Sanjiang plain much of Heilongjiang's rice.
    const north = ['3403', '3404', '3406', '3412', '3413', '3416'];
    expect(sum((r) => r.crop === 'wheat' && north.some((c) => r.xzqdm.startsWith(c))) / province('wheat', '34')).toBeGreaterThan(0.6);
    expect(
      sum((r) => r.crop === 'rice' && ['2303', '2304', '2305', '2308'].some((c) => r.xzqdm.startsWith(c))) / province('rice', '23'),
    ).toBeGreaterThan(0.35);
  });

  it('changes smoothly over the years: soybean expanding in the northeast, no jumps elsewhere', () => {
    const ne = (year: number) => sum((r) => r.crop === 'soybean' && (r.xzqdm.startsWith('23') || r.xzqdm.startsWith('15')), year);
    expect(ne(0)).toBeLessThan(ne(1));
    expect(ne(1)).toBeLessThan(ne(4));
    // Every county's year-to-year step, as one range (an expect per step would be 70,000 expects).
    const steps = rows.flatMap((r) => r.areas.slice(1).map((a, y) => a / r.areas[y]!));
    expect(steps.reduce((a, b) => Math.min(a, b))).toBeGreaterThan(0.75);
    expect(steps.reduce((a, b) => Math.max(a, b))).toBeLessThan(1.3);
  });

  it('is deterministic, and its sample parcels carry the crops of their cropping system', () => {
    expect(countyStructure([...LEAVES].reverse())).toEqual(rows);
    const counties = sampleCounties(LEAVES);
    expect(counties.every((c, i) => c.startsWith(SAMPLE_AREAS[i]!.city))).toBe(true);
    const anchors = counties.map((_, i) => [110 + i * 0.1, 30] as const);
    const demo = sampleParcels(counties, anchors);
    expect(sampleParcels(counties, anchors)).toEqual(demo);
    expect(demo.parcels.length).toBe(SAMPLE_AREAS.length * 48);
    const aksu = demo.rows.filter((r) => Math.floor(r.key / 1000) === SAMPLE_AREAS.findIndex((a) => a.city === '6529'));
    expect(aksu.filter((r) => r.crop === 'cotton').length / aksu.length).toBeGreaterThan(0.6);
    // North China Plain: wheat in summer, then maize in autumn on the same fields.
    const zhoukou = demo.rows.filter((r) => Math.floor(r.key / 1000) === 0);
    expect(zhoukou.filter((r) => r.season === 'summer').every((r) => ['wheat', 'other'].includes(r.crop))).toBe(true);
    expect(zhoukou.filter((r) => r.season === 'autumn' && r.crop === 'maize').length).toBeGreaterThan(100);
  });
});
