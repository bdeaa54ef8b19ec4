import 'server-only';
/**
 * Demo spots of non-agricultural and non-grain use of farmland, generated deterministically (pure: the
 * spread, kinds, sizes and stages can be tested without a database; the seed step places them).
 *
 * Meant to look like a real programme's findings, not like noise:
 * - the grain provinces of the North China Plain and the Huai and Yangtze valleys (Hebei, Shandong, Henan,
 *   Jiangsu, Anhui) have findings in most counties every quarter, the other farming provinces in about a
 *   third, the west and the plateau rarely;
 * - a county's spots cluster at two or three village edges (within a kilometre or so), which is what the
 *   level-14 grid module shows;
 * - the kinds follow the region: fish ponds and non-grain crops more in the wet south, orchards, greening
 *   and construction more in the north; sizes are log-normal by kind (a house plot is small, a nursery or
 *   a landscaping lake large; roads and greening belts are long strips);
 * - stages move on with age: the current quarter's spots are mostly still to be verified, older ones
 *   verified, being rectified or rectified, and about a sixth turn out lawful;
 * - batches grow slowly and dip in the first quarter (winter imagery).
 */
import { mulberry32, poisson } from '../../../shared/random';
import { isMonitoredRegion } from '../../../shared/spots/codes';
import { NONAGRICULTURAL_KINDS } from '../../../shared/themes/nonagricultural';
import { logNormal, multiPolygonWkt, normal, rectangle, weighted, type Xy } from '../demo/shapes';

export const NONAGRICULTURAL_GENERATOR_VERSION = 'nonagricultural-demo-v1';
export const NONAGRICULTURAL_QUARTERS = ['2025Q1', '2025Q2', '2025Q3', '2025Q4', '2026Q1', '2026Q2'] as const;

const DENSE = new Set(['13', '37', '41', '32', '34']);
const FARMING = new Set(['11', '12', '14', '21', '22', '23', '31', '33', '35', '36', '42', '43', '44', '45', '50', '51', '61']);
const SOUTH = new Set(['31', '32', '33', '34', '35', '36', '42', '43', '44', '45', '46', '50', '51', '52', '53']);

/** Expected spots per batch of an active county, and the share of counties active, by province. */
function profile(code: string): { active: number; mean: number } {
  const province = code.slice(0, 2);
  if (DENSE.has(province)) return { active: 0.6, mean: 3.2 };
  if (FARMING.has(province)) return { active: 0.32, mean: 2.2 };
  if (province === '54' || province === '63') return { active: 0.02, mean: 1 };
  return { active: 0.1, mean: 1.6 };
}

export interface CountyPlan {
  code: string;
  /** Spots per batch index. */
  counts: number[];
  /** Village clusters the spots gather around (1–3). */
  clusters: number;
}

/** Which counties have findings, how many per quarter, around how many clusters. */
export function planCounties(counties: readonly string[], seed = 20260701): CountyPlan[] {
  const rng = mulberry32(seed);
  const plans: CountyPlan[] = [];
  for (const code of [...counties].sort()) {
    if (!isMonitoredRegion(code)) continue;
    const p = profile(code);
    const active = rng() < p.active;
    const intensity = p.mean * Math.exp(0.8 * normal(rng) - 0.3);
    const clusters = 1 + Math.floor(rng() * 3);
    if (!active) continue;
    const counts = NONAGRICULTURAL_QUARTERS.map((q, b) => poisson(rng, intensity * (1 + 0.05 * b) * (q.endsWith('Q1') ? 0.7 : 1)));
    if (counts.some((n) => n > 0)) plans.push({ code, counts, clusters });
  }
  return plans;
}

type Kind = (typeof NONAGRICULTURAL_KINDS)[number]['value'];
const KINDS: readonly Kind[] = NONAGRICULTURAL_KINDS.map((k) => k.value);
const NORTH_WEIGHTS = [0.24, 0.1, 0.05, 0.14, 0.18, 0.14, 0.03, 0.12];
const SOUTH_WEIGHTS = [0.2, 0.08, 0.07, 0.08, 0.14, 0.12, 0.18, 0.13];

/** Median area (m²), spread and aspect range of each kind: house plots small, lakes and nurseries large, belts long. */
const SIZES: Record<Kind, { median: number; sigma: number; aspect: [number, number] }> = {
  building: { median: 2500, sigma: 0.8, aspect: [1, 2.5] },
  road: { median: 1800, sigma: 0.6, aspect: [8, 20] },
  pond: { median: 12000, sigma: 0.7, aspect: [1, 2.5] },
  greening: { median: 8000, sigma: 0.8, aspect: [4, 12] },
  orchard: { median: 9000, sigma: 0.8, aspect: [1, 3] },
  nursery: { median: 7000, sigma: 0.8, aspect: [1, 3] },
  fishpond: { median: 6000, sigma: 0.6, aspect: [1.2, 2.2] },
  cash_crop: { median: 12000, sigma: 0.8, aspect: [1, 3.5] },
};

/** Stage weights ('1' to '5') by age in quarters: new findings wait for verification, old ones are mostly settled. */
const STAGE_WEIGHTS: readonly (readonly number[])[] = [
  [0.7, 0.2, 0.02, 0, 0.08],
  [0.25, 0.35, 0.18, 0.08, 0.14],
  [0.08, 0.3, 0.22, 0.22, 0.18],
  [0.02, 0.22, 0.16, 0.4, 0.2],
];
const STAGES = ['1', '2', '3', '4', '5'];

export interface FarmlandSpot {
  code: string;
  batch: number;
  kind: Kind;
  stage: string;
  farmland: 'permanent' | 'general';
  wkt: string;
}

/**
 * The spots of every planned county, given its cluster centres (points the database picked inside it):
 * each spot a rotated rectangle of its kind's size, up to about a kilometre and a half from its centre.
 */
export function buildSpots(plans: readonly CountyPlan[], centres: ReadonlyMap<string, readonly Xy[]>, seed = 20260702): FarmlandSpot[] {
  const rng = mulberry32(seed);
  const spots: FarmlandSpot[] = [];
  const last = NONAGRICULTURAL_QUARTERS.length - 1;
  for (const plan of plans) {
    const points = centres.get(plan.code);
    if (!points?.length) continue;
    const weights = SOUTH.has(plan.code.slice(0, 2)) ? SOUTH_WEIGHTS : NORTH_WEIGHTS;
    for (const [batch, count] of plan.counts.entries()) {
      const age = Math.min(last - batch, STAGE_WEIGHTS.length - 1);
      for (let k = 0; k < count; k++) {
        const kind = weighted(rng, KINDS, weights);
        const size = SIZES[kind];
        const area = logNormal(rng, size.median, size.sigma, 300, 80_000);
        const aspect = size.aspect[0] + rng() * (size.aspect[1] - size.aspect[0]);
        const [lon, lat] = points[Math.floor(rng() * points.length)]!;
        const offset: Xy = [normal(rng) * 600, normal(rng) * 600];
        const ring = rectangle(area, aspect, rng() * Math.PI, offset);
        spots.push({
          code: plan.code,
          batch,
          kind,
          stage: weighted(rng, STAGES, STAGE_WEIGHTS[age]!),
          farmland: rng() < (kind === 'building' || kind === 'road' ? 0.35 : 0.5) ? 'permanent' : 'general',
          wkt: multiPolygonWkt({ lon, lat }, [[ring]]),
        });
      }
    }
  }
  return spots;
}
