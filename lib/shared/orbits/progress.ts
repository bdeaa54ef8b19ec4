/**
 * How much of the area the passes will have imaged by each moment — "who fills my gap next", in time: the
 * share covered after each pass, in time order, estimated from sample points spread over the area. Each
 * point counts the first pass whose swath holds it; points are weighted by cos(latitude), as uniform points in
 * longitude/latitude crowd towards the poles. With ~2,000 points the share is good to about one percent.
 */
import { insideRings } from '../geo/point-in-polygon';
import type { Position } from './job';

export interface ProgressPass {
  /** When the pass has imaged its part (its end), ms since 1970. */
  endMs: number;
  /** The swath as a closed ring of [lon, lat]. */
  ring: readonly Position[];
}

export interface ProgressStep {
  atMs: number;
  sharePct: number;
}

function boundsOf(ring: readonly Position[]): [number, number, number, number] {
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  for (const [x, y] of ring) {
    w = Math.min(w, x);
    s = Math.min(s, y);
    e = Math.max(e, x);
    n = Math.max(n, y);
  }
  return [w, s, e, n];
}

/** The cumulative share after each pass that adds to it (time order). Empty without points or passes. */
export function coverageProgress(passes: readonly ProgressPass[], points: readonly Position[]): ProgressStep[] {
  if (points.length === 0) return [];
  const weights = points.map(([, lat]) => Math.cos((lat * Math.PI) / 180));
  const total = weights.reduce((a, b) => a + b, 0);
  const covered = new Uint8Array(points.length);
  let sum = 0;
  const steps: ProgressStep[] = [];
  for (const pass of [...passes].sort((a, b) => a.endMs - b.endMs)) {
    if (pass.ring.length < 4) continue;
    const [w, s, e, n] = boundsOf(pass.ring);
    let added = 0;
    points.forEach((p, i) => {
      if (covered[i] || p[0] < w || p[0] > e || p[1] < s || p[1] > n || !insideRings([pass.ring], p)) return;
      covered[i] = 1;
      added += weights[i]!;
    });
    if (added === 0) continue;
    sum += added;
    steps.push({ atMs: pass.endMs, sharePct: Math.min(100, (100 * sum) / total) });
  }
  return steps;
}

/** The first moment each share in `thresholds` (%) is reached, or null if the window never reaches it. */
export function milestones(steps: readonly ProgressStep[], thresholds: readonly number[]): { pct: number; atMs: number | null }[] {
  return thresholds.map((pct) => ({ pct, atMs: steps.find((s) => s.sharePct >= pct - 1e-9)?.atMs ?? null }));
}

/**
 * About `n` points over an area (polygons of rings of [lon, lat]): the centres of a regular lon/lat grid over its
 * bounding box, spaced so that about `n` fall inside (the share of the box the area fills is first measured on a
 * 40 × 40 grid). Regular, so the same area always gives the same points.
 */
export function gridPointsIn(polygons: readonly (readonly (readonly Position[])[])[], n: number): Position[] {
  const rings = polygons.flat();
  const all = rings.flat();
  if (all.length === 0) return [];
  const [w, s, e, north] = boundsOf(all);
  const width = e - w;
  const height = north - s;
  if (!(width > 0 && height > 0)) return [];
  const cells = (kx: number, ky: number): Position[] => {
    const out: Position[] = [];
    for (let i = 0; i < kx; i++)
      for (let j = 0; j < ky; j++) {
        const p: Position = [w + ((i + 0.5) * width) / kx, s + ((j + 0.5) * height) / ky];
        if (insideRings(rings, p)) out.push(p);
      }
    return out;
  };
  const fill = Math.max(cells(40, 40).length / 1600, 1 / 1600);
  const m = n / fill;
  const kx = Math.max(1, Math.round(Math.sqrt((m * width) / height)));
  const ky = Math.max(1, Math.round(m / kx));
  return cells(kx, ky);
}
