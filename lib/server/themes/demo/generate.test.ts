import { PVLAND } from '../../../shared/themes/pvland';
import { ROAD } from '../../../shared/themes/road';
import { STEELPLANT } from '../../../shared/themes/steelplant';
import { WINDMILL } from '../../../shared/themes/windmill';
import { quarterPeriod } from '../../../shared/spots/dates';
import { assembleRows, buildDemo, type DemoFeature, type Leaf, planSlots, shortNames, THEME_QUARTERS } from './generate';
import { PV_AREAS, ROAD_PROVINCE_WEIGHTS, STEEL_AREAS, WIND_AREAS } from './places';
import { insideRing, type Xy } from './shapes';

// Leaf codes standing in for the regions table: every listed county, two counties under each listed
// city or province prefix, and one county in every province with roads.
const CODES = [
  ...new Set(
    [...WIND_AREAS, ...PV_AREAS, ...STEEL_AREAS].flatMap((a) =>
      a.codes.flatMap((c) => (c.length === 6 ? [c] : c.length === 4 ? [`${c}01`, `${c}02`] : [`${c}0101`, `${c}0202`])),
    ),
  ),
  ...Object.keys(ROAD_PROVINCE_WEIGHTS).map((p) => `${p}9901`),
].sort();
const LEAVES: Leaf[] = CODES.map((code) => ({ code, nameZh: `测试${code}县`, nameEn: `Test${code} County` }));

/** A fake anchor for each slot: a point spread around a position derived from its county code. */
function world(seed?: number) {
  const slots = planSlots(CODES);
  const anchors = new Map(
    slots.map((s, i) => {
      const n = Number(s.code);
      return [s, [100 + (n % 2000) / 100 + (i % 7) * 0.01, 25 + (n % 1500) / 100 + (i % 5) * 0.01] as Xy];
    }),
  );
  return { slots, built: buildDemo(LEAVES, slots, anchors, seed) };
}

function coordinates(wkt: string): Xy[] {
  return [...wkt.matchAll(/(-?\d+\.\d+) (-?\d+\.\d+)/g)].map((m) => [Number(m[1]), Number(m[2])] as Xy);
}

const values = (items: readonly { value: string }[]) => items.map((i) => i.value);

describe('theme demo generator', () => {
  const { built } = world();
  const byTheme = (theme: DemoFeature['theme']) => built.features.filter((f) => f.theme === theme);
  const inBatch = (features: DemoFeature[], b: number) => features.filter((f) => f.stages[b] !== null);

  it('is deterministic: the same input gives the same features, zones and rows', () => {
    const again = world().built;
    expect(again).toEqual(built);
    const located = new Map(built.features.map((f) => [f.key, f.county]));
    expect(assembleRows(again, located)).toEqual(assembleRows(built, located));
    expect(world(5).built.features[0]!.wkt).not.toBe(built.features[0]!.wkt);
  });

  it('uses only the declared kinds, stages and land-use types, and geometry kinds per theme', () => {
    const declared = { windmill: WINDMILL, pvland: PVLAND, road: ROAD, steelplant: STEELPLANT } as const;
    for (const f of built.features) {
      const theme = declared[f.theme];
      expect(values(theme.kinds.items)).toContain(f.tblx);
      expect(theme.geometries).toContain(f.kind);
      for (const s of f.stages) if (s !== null) expect(values(theme.stages.items)).toContain(s);
      if (f.theme === 'pvland') expect(values(PVLAND.landuse.items)).toContain(f.landuse);
      else expect(f.landuse).toBeNull();
      expect(f.stages.some((s) => s !== null)).toBe(true);
      expect(f.wkt).toMatch(f.kind === 'point' ? /^POINT\(/ : f.kind === 'line' ? /^MULTILINESTRING\(\(/ : /^MULTIPOLYGON\(\(\(/);
    }
    expect(
      byTheme('windmill')
        .filter((f) => f.tblx === 'farm')
        .every((f) => f.kind === 'polygon'),
    ).toBe(true);
    expect(
      byTheme('windmill')
        .filter((f) => f.tblx === 'turbine')
        .every((f) => f.kind === 'point'),
    ).toBe(true);
  });

  it('builds a few hundred wind farms of 5–60 km² with 2–6.25 MW turbines inside them', () => {
    const wind = byTheme('windmill');
    const farms = wind.filter((f) => f.tblx === 'farm');
    const last = inBatch(farms, THEME_QUARTERS.length - 1);
    expect(last.length).toBeGreaterThan(200);
    expect(last.length).toBeLessThan(600);
    expect(inBatch(farms, 0).length).toBeLessThan(last.length);
    for (const b of THEME_QUARTERS.keys()) {
      const turbines = inBatch(wind, b).filter((f) => f.tblx === 'turbine').length;
      expect(turbines).toBeGreaterThan(2000);
      expect(turbines).toBeLessThanOrEqual(8000);
    }
    const byKey = new Map(farms.map((f) => [f.key, f]));
    for (const farm of farms) {
      expect(farm.size).toBeGreaterThanOrEqual(5e6);
      expect(farm.size).toBeLessThanOrEqual(60e6);
    }
    for (const t of wind.filter((f) => f.tblx === 'turbine')) {
      expect(t.capacity).toBeGreaterThanOrEqual(2);
      expect(t.capacity).toBeLessThanOrEqual(6.25);
      const farm = byKey.get(t.parent!)!;
      expect(insideRing(coordinates(farm.wkt), coordinates(t.wkt)[0]!)).toBe(true);
      // A turbine stands only while its farm is in the inventory.
      t.stages.forEach((s, b) => s !== null && expect(farm.stages[b]).toBe(s));
    }
    expect(farms.some((f) => f.offshore)).toBe(true);
    expect(farms.some((f) => f.stages.includes('3'))).toBe(true);
  });

  it('sums a farm’s capacity from its located turbines in each batch', () => {
    const wind = byTheme('windmill');
    const located = new Map(built.features.map((f) => [f.key, f.county]));
    const dropped = wind.find((f) => f.tblx === 'turbine')!;
    located.delete(dropped.key);
    const rows = assembleRows(built, located).filter((r) => r.theme === 'windmill');
    const farmRow = rows.find((r) => r.key === dropped.parent && r.batch === dropped.stages.findIndex((s) => s !== null))!;
    const expected = wind
      .filter((t) => t.parent === dropped.parent && t.key !== dropped.key && t.stages[farmRow.batch] !== null)
      .reduce((s, t) => s + t.capacity!, 0);
    expect(farmRow.capacity).toBeCloseTo(expected, 6);
    expect(rows.some((r) => r.key === dropped.key)).toBe(false);
  });

  it('sizes PV plants by kind and puts deserts first in the north-west, farmland on the plains', () => {
    const pv = byTheme('pvland');
    for (const p of pv) {
      if (p.tblx === 'distributed') expect(p.size).toBeLessThanOrEqual(0.5e6 * 1.0001);
      else {
        expect(p.size).toBeGreaterThanOrEqual(0.5e6 * 0.9999);
        expect(p.size).toBeLessThanOrEqual(50e6 * 1.0001);
      }
    }
    const share = (landuse: string, province: string) =>
      pv.filter((p) => p.county.startsWith(province) && p.landuse === landuse).length /
      pv.filter((p) => p.county.startsWith(province)).length;
    expect(share('desert', '63')).toBeGreaterThan(0.7);
    expect(share('water', '34')).toBeGreaterThan(0.6);
    expect(pv.filter((p) => p.landuse === 'farmland' && ['13', '37', '41'].includes(p.county.slice(0, 2))).length).toBeGreaterThan(100);
  });

  it('draws roads of 0.5–40 km, expressways longest and rural roads most numerous, only in their batch', () => {
    const roads = byTheme('road');
    for (const r of roads) {
      expect(r.size).toBeGreaterThanOrEqual(400);
      expect(r.size).toBeLessThanOrEqual(42_000);
      const batches = r.stages.filter((s) => s !== null);
      expect(batches.length).toBeLessThanOrEqual(2);
      expect(coordinates(r.wkt).length).toBeGreaterThanOrEqual(3);
    }
    // Not straight darts, nor scribbles: rural roads wind more than expressways, all progress.
    const sinuosity = (grade: string) => {
      const g = roads.filter((r) => r.tblx === grade);
      return (
        g.reduce((sum, r) => {
          const p = coordinates(r.wkt);
          const k = Math.cos((p[0]![1] * Math.PI) / 180);
          const chord = Math.hypot((p.at(-1)![0] - p[0]![0]) * k, p.at(-1)![1] - p[0]![1]) * 111_320;
          return sum + r.size / chord;
        }, 0) / g.length
      );
    };
    expect(sinuosity('expressway')).toBeGreaterThan(1.01);
    expect(sinuosity('rural')).toBeGreaterThan(sinuosity('expressway'));
    expect(sinuosity('rural')).toBeLessThan(1.6);
    const mean = (grade: string) => {
      const g = roads.filter((r) => r.tblx === grade);
      return g.reduce((s, r) => s + r.size, 0) / g.length;
    };
    expect(mean('expressway')).toBeGreaterThan(mean('national'));
    expect(mean('national')).toBeGreaterThan(mean('rural'));
    const count = (grade: string) => roads.filter((r) => r.tblx === grade).length;
    expect(count('rural')).toBeGreaterThan(count('county'));
    expect(count('county')).toBeGreaterThan(count('expressway'));
    for (const b of THEME_QUARTERS.keys()) expect(inBatch(roads, b).length).toBeLessThan(3000);
    const east = roads.filter((r) => r.county.startsWith('32')).length;
    const tibet = roads.filter((r) => r.county.startsWith('54')).length;
    expect(east).toBeGreaterThan(tibet);
  });

  it('keeps one row per steel plant: blast furnaces on sites of 1–15 km², small arc furnaces as points', () => {
    const steel = byTheme('steelplant');
    expect(inBatch(steel, 0).length).toBeGreaterThan(200);
    for (const p of steel) {
      if (p.tblx === 'bf') {
        expect(p.kind).toBe('polygon');
        expect(p.capacity).toBeGreaterThanOrEqual(1);
        expect(p.capacity).toBeLessThanOrEqual(20);
      } else {
        expect(p.capacity).toBeGreaterThanOrEqual(0.3);
        expect(p.capacity).toBeLessThanOrEqual(3);
        expect(p.kind).toBe(p.capacity! < 1.5 ? 'point' : 'polygon');
      }
      if (p.kind === 'polygon') {
        expect(p.size).toBeGreaterThanOrEqual(1e6 * 0.9999);
        expect(p.size).toBeLessThanOrEqual(15e6 * 1.0001);
      }
    }
    const tangshan = steel.filter((p) => p.county.startsWith('1302')).length;
    expect(tangshan).toBeGreaterThan(steel.filter((p) => p.county.startsWith('44')).length);
    // Old capacity goes idle and is demolished; new plants are built before they operate.
    expect(steel.some((p) => p.stages.includes('3'))).toBe(true);
    expect(steel.some((p) => p.stages.includes('4') && p.stages.at(-1) === '1')).toBe(true);
  });

  it('nests the three suitability classes of each blob', () => {
    for (const theme of ['windmill', 'pvland'] as const) {
      const zones = built.zones.filter((z) => z.theme === theme);
      expect(zones.length % 3).toBe(0);
      expect(new Set(zones.map((z) => z.zoneClass))).toEqual(new Set(['1', '2', '3']));
    }
    const [outer, middle, inner] = built.zones.slice(0, 3).map((z) => coordinates(z.wkt));
    for (const p of inner!) expect(insideRing(middle!, p)).toBe(true);
    for (const p of middle!) expect(insideRing(outer!, p)).toBe(true);
  });

  it('dates each batch’s rows inside its quarter and names scenes plausibly', () => {
    const located = new Map(built.features.map((f) => [f.key, f.county]));
    const rows = assembleRows(built, located);
    for (const r of rows.filter((_, i) => i % 50 === 0)) {
      const period = quarterPeriod(THEME_QUARTERS[r.batch]!);
      expect(r.detected_on >= period.start && r.detected_on <= period.end).toBe(true);
      expect(r.filename).toMatch(/^[A-Z0-9]+_[A-Z0-9]+_E\d+\.\d_N\d+\.\d_\d{8}_L1A\d{10}$/);
    }
  });

  it('shortens county names for facility names', () => {
    expect(shortNames({ code: '130723', nameZh: '康保县', nameEn: 'Kangbao County' })).toEqual({ zh: '康保', en: 'Kangbao' });
    expect(shortNames({ code: '150625', nameZh: '杭锦旗', nameEn: 'Hangjin Banner' })).toEqual({ zh: '杭锦', en: 'Hangjin' });
    expect(shortNames({ code: '130826', nameZh: '丰宁满族自治县', nameEn: 'Fengning Autonomous County' })).toEqual({
      zh: '丰宁',
      en: 'Fengning',
    });
  });
});
