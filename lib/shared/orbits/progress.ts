/**
 * How much of the area the passes will have imaged by each moment — "who fills my gap next", in time: the
 * share covered after each pass, in time order, estimated from sample points spread over the area. Each
 * point counts the first pass whose swath holds it; points are weighted by cos(latitude), as uniform points in
 * longitude/latitude crowd towards the poles. With ~2,000 points the share is good to about one percent.
 */
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

function inside(ring: readonly Position[], [x, y]: Position): boolean {
  let odd = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
  }
  return odd;
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
      if (covered[i] || p[0] < w || p[0] > e || p[1] < s || p[1] > n || !inside(pass.ring, p)) return;
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
