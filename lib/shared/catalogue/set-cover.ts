/**
 * The "minimal set" of the COVERAGE tab: greedy set cover by area gained (lazy evaluation).
 *
 * Rule, step by step:
 * 1. The gain of a scene is the area it would add to the scenes chosen so far; its clear gain is that area
 *    scaled by the share not under cloud (a scene with 25 % cloud counts 0.75 of it, as GEO-FCT weighs coverage;
 *    radar scenes, without cloud, count whole). A 78 %-cloud scene no longer leads the set because it is large.
 * 2. Scenes whose clear gain is within `tieTolerance` (a fraction, e.g. 0.02 = 2 %) of the best are tied;
 *    among them the clearest wins (lowest cloud cover), then the larger gain, then the smaller id (so the
 *    choice is deterministic).
 * 3. Only scenes that add at least `minGain` take part; it stops when none is left.
 *
 * Gains only shrink as scenes are chosen (coverage is submodular), so a gain computed earlier is an upper
 * bound: only the scenes whose bound can still reach the tie band of the best are recomputed ("lazy
 * greedy"), in batches, which keeps the geometry work (done by the caller's oracle, PostGIS on the
 * server) to a few scenes per step. The result is the same as recomputing every gain at every step.
 */

export interface CoverCandidate {
  id: string;
  /** Cloud cover 0–100; null (radar) counts as 0. */
  cloudPct: number | null;
  /** The area the scene covers on its own (its gain before anything is chosen). */
  gain: number;
}

export interface CoverOracle {
  /** The current gains of these candidates (area they would add to what is chosen). */
  gains(ids: readonly string[]): Promise<ReadonlyMap<string, number>> | ReadonlyMap<string, number>;
  /** Adds a candidate to the chosen set. */
  take(id: string): Promise<void> | void;
}

export interface CoverOptions {
  /** Stop when the best gain is below this (same unit as gains). */
  minGain: number;
  /** Relative tie band: gains ≥ best × (1 − tieTolerance) are tied and the clearest wins. */
  tieTolerance: number;
  /** Candidates recomputed per oracle call. */
  batch?: number;
  /** At most this many steps. */
  maxSteps?: number;
  /** The whole area to cover, when known: no scene can add more than what is left of it (ends the search early). */
  total?: number;
  /** Checked before every step: true ends the search with the steps taken so far (a time budget). */
  stop?: () => boolean;
}

export interface CoverStep {
  id: string;
  /** Area added by this scene. */
  gain: number;
  /** Area covered by the chosen scenes once it is added. */
  cumulative: number;
}

const cloudOf = (c: { cloudPct: number | null }) => c.cloudPct ?? 0;
/** The gain that is not under cloud. */
export const clearGain = (c: { cloudPct: number | null; gain: number }) => c.gain * Math.max(0, 1 - cloudOf(c) / 100);

/** Orders tied candidates: clearest, then larger gain, then smaller id. */
export function compareTied(a: { id: string; cloudPct: number | null; gain: number }, b: { id: string; cloudPct: number | null; gain: number }): number {
  return cloudOf(a) - cloudOf(b) || b.gain - a.gain || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

export async function greedyCover(candidates: readonly CoverCandidate[], oracle: CoverOracle, options: CoverOptions): Promise<CoverStep[]> {
  const batch = Math.max(1, options.batch ?? 16);
  const maxSteps = options.maxSteps ?? candidates.length;
  const band = 1 - options.tieTolerance;
  // Remaining candidates with their latest gain (an upper bound once stale).
  const left = new Map(candidates.filter((c) => c.gain > 0).map((c) => [c.id, { ...c }]));
  // At the start every gain is exact.
  let fresh = new Set(left.keys());
  const steps: CoverStep[] = [];
  let cumulative = 0;
  while (left.size > 0 && steps.length < maxSteps && !options.stop?.()) {
    // Nothing can add more than what is left uncovered.
    if (options.total !== undefined) {
      const rest = Math.max(0, options.total - cumulative);
      if (rest < options.minGain || rest <= 0) break;
      for (const c of left.values()) c.gain = Math.min(c.gain, rest);
    }
    const eligible = (c: CoverCandidate) => c.gain >= options.minGain && c.gain > 0 && clearGain(c) > 0;
    for (;;) {
      let best = 0;
      for (const id of fresh) if (eligible(left.get(id)!)) best = Math.max(best, clearGain(left.get(id)!));
      // Stale candidates whose bound could still be the best or tie with it.
      const stale = [...left.values()]
        .filter((c) => !fresh.has(c.id) && eligible(c) && clearGain(c) >= best * band)
        .sort((a, b) => clearGain(b) - clearGain(a))
        .slice(0, batch);
      if (stale.length === 0) break;
      const gains = await oracle.gains(stale.map((c) => c.id));
      for (const c of stale) {
        c.gain = Math.max(0, Math.min(c.gain, gains.get(c.id) ?? 0));
        fresh.add(c.id);
      }
    }
    let best = 0;
    for (const id of fresh) if (eligible(left.get(id)!)) best = Math.max(best, clearGain(left.get(id)!));
    if (best <= 0) break;
    const tied = [...fresh].map((id) => left.get(id)!).filter((c) => eligible(c) && clearGain(c) >= best * band);
    const chosen = tied.sort(compareTied)[0]!;
    await oracle.take(chosen.id);
    cumulative += chosen.gain;
    steps.push({ id: chosen.id, gain: chosen.gain, cumulative });
    left.delete(chosen.id);
    for (const [id, c] of left) if (c.gain <= 0) left.delete(id);
    fresh = new Set();
  }
  return steps;
}
