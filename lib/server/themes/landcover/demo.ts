import 'server-only';
/**
 * Demo land-cover spots, generated deterministically (lib/shared/random.ts): how many spots each
 * county gets per quarterly batch, and the shape of each spot around a point the database picked inside
 * the county (ST_GeneratePoints with a fixed seed). Pure, so the spread can be tested without a database.
 *
 * The spread is meant to look like a real monitoring programme, not like noise:
 * - five dense provinces (Hebei, Henan, Shandong, Jiangsu, Guangdong) where three counties in four have
 *   spots every quarter; a band of medium provinces; elsewhere only one county in twelve has any;
 * - each active county has its own intensity (log-normal), so a few counties hold many spots;
 * - batches grow slowly over time and dip in the first quarter (winter imagery, Spring Festival);
 * - areas are log-normal around 1.5 ha, clamped to 0.2–30 ha; shapes are rotated rectangles with an
 *   aspect of 1–3, every other one skewed into an irregular quadrilateral;
 * - each county and batch is interpreted from one scene, so spots share an image filename.
 */
import { mulberry32, normal, poisson, weighted, type Rng } from '../../../shared/random';
import { CHANGE_TYPES, isMonitoredRegion, LANDUSE_TYPES, SPOT_TYPES } from '../../../shared/spots/codes';

export const GENERATOR_VERSION = 'landcover-spots-v1';
export const DEMO_QUARTERS = ['2024Q3', '2024Q4', '2025Q1', '2025Q2', '2025Q3', '2025Q4', '2026Q1', '2026Q2'] as const;

const DENSE = new Set(['13', '41', '37', '32', '44']);
const MEDIUM = new Set(['11', '12', '14', '33', '34', '35', '36', '42', '43', '50', '51', '61']);

/** Expected spots per batch of an active county, and the share of counties that are active, by province. */
function provinceProfile(code: string): { active: number; mean: number } {
  const province = code.slice(0, 2);
  if (DENSE.has(province)) return { active: 0.75, mean: 3.2 };
  if (MEDIUM.has(province)) return { active: 0.3, mean: 1.8 };
  return { active: 0.08, mean: 1.2 };
}

/** Spots per county and batch index: counties not listed have none. */
export function planCounts(counties: readonly string[], batches: number, seed = 20260401): Map<string, number[]> {
  const rng = mulberry32(seed);
  const plan = new Map<string, number[]>();
  for (const code of [...counties].sort()) {
    // Taiwan, Hong Kong and Macao are outside the mainland land-use monitoring programme.
    if (!isMonitoredRegion(code)) continue;
    const profile = provinceProfile(code);
    const active = rng() < profile.active;
    const intensity = profile.mean * Math.exp(0.9 * normal(rng) - 0.4);
    if (!active) continue;
    const counts = Array.from({ length: batches }, (_, b) => {
      const growth = 1 + 0.06 * b;
      const winter = DEMO_QUARTERS[b % DEMO_QUARTERS.length]!.endsWith('Q1') ? 0.7 : 1;
      return poisson(rng, intensity * growth * winter);
    });
    if (counts.some((n) => n > 0)) plan.set(code, counts);
  }
  return plan;
}

export interface SpotShape {
  /** WKT MULTIPOLYGON in EPSG:4326. */
  wkt: string;
  /** Planned area (the stored area is measured from the geometry). */
  areaM2: number;
}

const METRES_PER_DEGREE = 111_320;

/** A rotated rectangle (or skewed quadrilateral) of a log-normal area around a point. */
export function spotShape(rng: Rng, lon: number, lat: number): SpotShape {
  const areaM2 = Math.min(300_000, Math.max(2_000, 15_000 * Math.exp(1.0 * normal(rng))));
  const aspect = 1 + rng() * 2;
  const width = Math.sqrt(areaM2 / aspect);
  const length = width * aspect;
  const angle = rng() * Math.PI;
  const skew = rng() < 0.5 ? 0 : 0.18;
  const corners: [number, number][] = [
    [-length / 2, -width / 2],
    [length / 2, -width / 2],
    [length / 2, width / 2],
    [-length / 2, width / 2],
  ].map(([x, y]) => [x! * (1 + skew * (rng() - 0.5)), y! * (1 + skew * (rng() - 0.5))]);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const perLon = METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180);
  const ring = corners.map(([x, y]) => {
    const rx = x * cos - y * sin;
    const ry = x * sin + y * cos;
    return `${(lon + rx / perLon).toFixed(7)} ${(lat + ry / METRES_PER_DEGREE).toFixed(7)}`;
  });
  ring.push(ring[0]!);
  return { wkt: `MULTIPOLYGON(((${ring.join(',')})))`, areaM2 };
}

const SENSORS = ['GF1_PMS1', 'GF1_PMS2', 'GF1B_PMS', 'GF1C_PMS', 'GF1D_PMS', 'GF2_PMS1', 'GF2_PMS2', 'GF6_PMS', 'ZY302_TMS'];

export interface SpotAttributes {
  stage: string;
  tblx: string;
  changeType: number;
  landuseType: string;
}

/** Image filename of one county's scene in a batch, e.g. `GF2_PMS1_E114.5_N38.0_20250817_L1A0004521873`. */
export function sceneFilename(rng: Rng, lon: number, lat: number, date: string): string {
  const sensor = SENSORS[Math.floor(rng() * SENSORS.length)]!;
  const id = String(Math.floor(rng() * 1e10)).padStart(10, '0');
  return `${sensor}_E${lon.toFixed(1)}_N${lat.toFixed(1)}_${date.replaceAll('-', '')}_L1A${id}`;
}

/** Attributes of a spot; older batches are further along (mostly field verified). */
export function spotAttributes(rng: Rng, batchIndex: number, batches: number): SpotAttributes {
  const age = batches - 1 - batchIndex;
  const stage =
    age >= 2
      ? weighted(rng, ['1', '2', '3'], [0.05, 0.15, 0.8])
      : age === 1
        ? weighted(rng, ['1', '2', '3'], [0.2, 0.5, 0.3])
        : weighted(rng, ['1', '2', '3'], [0.6, 0.35, 0.05]);
  return {
    stage,
    tblx: weighted(
      rng,
      SPOT_TYPES.map((t) => t.value),
      [0.42, 0.14, 0.1, 0.05, 0.09, 0.2],
    ),
    changeType: Number(
      weighted(
        rng,
        CHANGE_TYPES.map((c) => c.value),
        [0.3, 0.4, 0.2, 0.1],
      ),
    ),
    landuseType: weighted(
      rng,
      LANDUSE_TYPES.map((l) => l.value),
      [0.3, 0.2, 0.1, 0.15, 0.25],
    ),
  };
}
