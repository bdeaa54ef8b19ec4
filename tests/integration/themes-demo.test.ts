import { PVLAND } from '../../lib/shared/themes/pvland';
import { ROAD } from '../../lib/shared/themes/road';
import { STEELPLANT } from '../../lib/shared/themes/steelplant';
import type { FeatureGeometry, ThemeDefinition } from '../../lib/shared/themes/types';
import { WINDMILL } from '../../lib/shared/themes/windmill';
import { withTestDatabase } from '../support/api';

const db = withTestDatabase();

const THEMES: readonly ThemeDefinition[] = [WINDMILL, PVLAND, ROAD, STEELPLANT];
const POSTGIS_TYPE: Record<FeatureGeometry, string> = { point: 'POINT', polygon: 'MULTIPOLYGON', line: 'MULTILINESTRING' };

describe('demo data of the wind, PV, road and steel themes', () => {
  it('has at least three published demo batches per theme, exactly one current', async () => {
    const rows = await db().query<{ theme: string; n: number; current: number; demo: number; labelled: number }>(
      `SELECT theme, count(*)::int AS n, count(*) FILTER (WHERE is_current)::int AS current, count(*) FILTER (WHERE demo)::int AS demo,
              count(*) FILTER (WHERE type_name_zh LIKE '%（演示）' AND type_name_en LIKE '%(demo)')::int AS labelled
       FROM spot_batches WHERE theme = ANY($1::text[]) GROUP BY theme ORDER BY theme`,
      [THEMES.map((t) => t.id)],
    );
    expect(rows.map((r) => r.theme)).toEqual(['pvland', 'road', 'steelplant', 'windmill']);
    for (const r of rows) {
      expect(r.n).toBeGreaterThanOrEqual(3);
      expect(r.current).toBe(1);
      expect(r.demo).toBe(r.n);
      expect(r.labelled).toBe(r.n);
    }
    const [newest] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM spot_batches b WHERE b.theme = ANY($1::text[]) AND b.is_current
         AND b.quarter = (SELECT max(quarter) FROM spot_batches o WHERE o.theme = b.theme)`,
      [THEMES.map((t) => t.id)],
    );
    expect(newest!.n).toBe(4);
  });

  it('stores the declared geometry kinds, codes and measures of each theme', async () => {
    for (const theme of THEMES) {
      const rows = await db().query<{
        kind: string;
        tblx: string;
        stage: string;
        landuse: string | null;
        n: number;
        no_capacity: number;
        no_length: number;
        bad_area: number;
        bad_center: number;
        unnamed: number;
      }>(
        `SELECT GeometryType(geom) AS kind, tblx, stage, landuse_type AS landuse, count(*)::int AS n,
                count(*) FILTER (WHERE capacity IS NULL OR capacity <= 0)::int AS no_capacity,
                count(*) FILTER (WHERE length_m IS NULL OR length_m <= 0)::int AS no_length,
                count(*) FILTER (WHERE CASE WHEN GeometryType(geom) = 'MULTIPOLYGON' THEN area_m2 <= 0 ELSE area_m2 <> 0 END)::int AS bad_area,
                count(*) FILTER (WHERE GeometryType(center) <> 'POINT' OR (GeometryType(geom) = 'POINT' AND NOT ST_Equals(center, geom)))::int AS bad_center,
                count(*) FILTER (WHERE name_zh IS NULL OR name_en IS NULL)::int AS unnamed
         FROM spots WHERE theme = $1 AND demo GROUP BY 1, 2, 3, 4`,
        [theme.id],
      );
      expect(rows.length).toBeGreaterThan(0);
      const declared = theme.geometries.map((g) => POSTGIS_TYPE[g]);
      expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(declared));
      for (const r of rows) {
        expect(theme.kinds.items.map((k) => k.value)).toContain(r.tblx);
        expect(theme.stages.items.map((s) => s.value)).toContain(r.stage);
        if (theme.landuse) expect(theme.landuse.items.map((l) => l.value)).toContain(r.landuse);
        else expect(r.landuse).toBeNull();
        if (theme.measures.includes('capacity')) expect(r.no_capacity).toBe(0);
        if (theme.extras.includes('length')) expect(r.no_length).toBe(0);
        expect(r.bad_area).toBe(0);
        expect(r.bad_center).toBe(0);
        expect(r.unnamed).toBe(0);
      }
      if (theme.id === 'windmill') {
        expect(new Set(rows.filter((r) => r.tblx === 'turbine').map((r) => r.kind))).toEqual(new Set(['POINT']));
        expect(new Set(rows.filter((r) => r.tblx === 'farm').map((r) => r.kind))).toEqual(new Set(['MULTIPOLYGON']));
      }
    }
  });

  it('places every feature inside the county it is filed under, offshore wind at sea off a coastal county', async () => {
    const [row] = await db().query<{ outside: number; offshore: number; far: number; inland_outside: number }>(
      `WITH f AS (
         SELECT s.theme, s.center, s.xzqdm, ST_Covers(r.geom_hi, s.center) AS inside
         FROM spots s JOIN regions r ON r.code = s.xzqdm
         WHERE s.theme IN ('windmill', 'pvland', 'road', 'steelplant') AND s.demo
       ), o AS (SELECT * FROM f WHERE NOT inside)
       SELECT (SELECT count(*)::int FROM o) AS outside,
              (SELECT count(*)::int FROM o WHERE theme = 'windmill') AS offshore,
              (SELECT count(*)::int FROM o JOIN regions r ON r.code = o.xzqdm
                WHERE NOT ST_DWithin(r.geom_hi, o.center, 0.5)) AS far,
              (SELECT count(*)::int FROM o WHERE o.theme <> 'windmill'
                 OR EXISTS (SELECT 1 FROM regions r WHERE r.level = 'county' AND ST_Covers(r.geom_hi, o.center))) AS inland_outside`,
    );
    // Only offshore turbines and farms lie outside their county: at sea (in no county), near its coast.
    expect(row!.inland_outside).toBe(0);
    expect(row!.outside).toBe(row!.offshore);
    expect(row!.offshore).toBeGreaterThan(0);
    expect(row!.far).toBe(0);
    const [leaf] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM spots s
       WHERE s.theme IN ('windmill', 'pvland', 'road', 'steelplant')
         AND EXISTS (SELECT 1 FROM regions c WHERE c.parent_code = s.xzqdm)`,
    );
    expect(leaf!.n).toBe(0);
  });

  it('stands every current turbine inside its farm, and a farm’s capacity is the sum of its turbines', async () => {
    const [row] = await db().query<{ turbines: number; homeless: number; farms: number; mismatched: number }>(
      `WITH t AS (
         SELECT t.id, t.batch_id, t.capacity,
                (SELECT f.id FROM spots f
                 WHERE f.batch_id = t.batch_id AND f.tblx = 'farm' AND t.name_zh LIKE f.name_zh || '%' AND ST_Covers(f.geom, t.geom)
                 ORDER BY length(f.name_zh) DESC LIMIT 1) AS farm
         FROM spots t JOIN spot_batches b ON b.id = t.batch_id AND b.is_current
         WHERE t.theme = 'windmill' AND t.tblx = 'turbine'
       ), sums AS (SELECT farm, sum(capacity) AS capacity FROM t WHERE farm IS NOT NULL GROUP BY farm)
       SELECT (SELECT count(*)::int FROM t) AS turbines,
              (SELECT count(*)::int FROM t WHERE farm IS NULL) AS homeless,
              (SELECT count(*)::int FROM spots f JOIN spot_batches b ON b.id = f.batch_id AND b.is_current
                WHERE f.theme = 'windmill' AND f.tblx = 'farm') AS farms,
              (SELECT count(*)::int FROM spots f JOIN spot_batches b ON b.id = f.batch_id AND b.is_current
                LEFT JOIN sums s ON s.farm = f.id
                WHERE f.theme = 'windmill' AND f.tblx = 'farm' AND abs(f.capacity - coalesce(s.capacity, 0)) > 0.01) AS mismatched`,
    );
    expect(row!.turbines).toBeGreaterThan(1000);
    expect(row!.homeless).toBe(0);
    expect(row!.farms).toBeGreaterThan(100);
    expect(row!.mismatched).toBe(0);
  });

  it('cuts the wind and PV suitability zones per county into classes 1–3', async () => {
    const rows = await db().query<{ theme: string; zone_class: string; n: number; bad: number }>(
      `SELECT z.theme, z.zone_class, count(*)::int AS n,
              count(*) FILTER (WHERE z.area_m2 <= 0 OR GeometryType(z.geom) <> 'MULTIPOLYGON' OR NOT ST_Intersects(r.geom_mid, z.geom))::int AS bad
       FROM theme_zones z JOIN regions r ON r.code = z.xzqdm WHERE z.demo GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    expect(rows.map((r) => `${r.theme}:${r.zone_class}`)).toEqual([
      'pvland:1',
      'pvland:2',
      'pvland:3',
      'windmill:1',
      'windmill:2',
      'windmill:3',
    ]);
    expect(rows.every((r) => r.bad === 0)).toBe(true);
    expect(rows.reduce((s, r) => s + r.n, 0)).toBeLessThan(3000);
  });
});
