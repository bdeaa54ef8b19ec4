import { mulberry32 } from '../random';
import { greedyCover, type CoverCandidate, type CoverOracle } from './set-cover';

/** Scenes as sets of unit cells of a grid: the gain of a scene is the number of its cells not yet covered. */
function cellOracle(sets: Record<string, number[]>) {
  const covered = new Set<number>();
  let calls = 0;
  let evaluated = 0;
  const gainOf = (id: string) => sets[id]!.filter((c) => !covered.has(c)).length;
  const oracle: CoverOracle = {
    gains: (ids) => {
      calls++;
      evaluated += ids.length;
      return new Map(ids.map((id) => [id, gainOf(id)]));
    },
    take: (id) => {
      for (const c of sets[id]!) covered.add(c);
    },
  };
  return { oracle, covered, stats: () => ({ calls, evaluated }), gainOf };
}

const candidatesOf = (sets: Record<string, number[]>, clouds: Record<string, number | null> = {}): CoverCandidate[] =>
  Object.entries(sets).map(([id, cells]) => ({ id, cloudPct: clouds[id] ?? 0, gain: new Set(cells).size }));

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/** The plain greedy, every gain recomputed at every step, the same rule (clear gain = gain × share not under cloud). */
function eagerGreedy(sets: Record<string, number[]>, clouds: Record<string, number | null>, minGain: number, tie: number) {
  const covered = new Set<number>();
  const left = new Set(Object.keys(sets));
  const out: string[] = [];
  for (;;) {
    const gains = [...left]
      .map((id) => {
        const gain = sets[id]!.filter((c) => !covered.has(c)).length;
        const cloud = clouds[id] ?? 0;
        return { id, gain, cloud, clear: gain * (1 - cloud / 100) };
      })
      .filter((g) => g.gain >= minGain && g.clear > 0);
    const best = Math.max(0, ...gains.map((g) => g.clear));
    if (best <= 0) break;
    const tied = gains.filter((g) => g.clear >= best * (1 - tie)).sort((a, b) => a.cloud - b.cloud || b.gain - a.gain || (a.id < b.id ? -1 : 1));
    const pick = tied[0]!;
    out.push(pick.id);
    left.delete(pick.id);
    for (const c of sets[pick.id]!) covered.add(c);
  }
  return out;
}

describe('greedy set cover (minimal set)', () => {
  it('takes the largest gain first and skips a scene made redundant', async () => {
    // A covers 0–9, B 5–14, C 10–19, D 0–4 (inside A).
    const sets = { A: range(0, 10), B: range(5, 15), C: range(10, 20), D: range(0, 5) };
    const { oracle, covered } = cellOracle(sets);
    const steps = await greedyCover(candidatesOf(sets), oracle, { minGain: 1, tieTolerance: 0 });
    expect(steps.map((s) => s.id)).toEqual(['A', 'C']);
    expect(steps.map((s) => s.cumulative)).toEqual([10, 20]);
    expect(covered.size).toBe(20);
  });

  it('among equal gains takes the clearest scene; radar (no cloud) counts as clear', async () => {
    const sets = { cloudy: range(0, 10), clear: range(10, 20), radar: range(20, 30) };
    const { oracle } = cellOracle(sets);
    const steps = await greedyCover(candidatesOf(sets, { cloudy: 60, clear: 5, radar: null }), oracle, { minGain: 1, tieTolerance: 0 });
    expect(steps.map((s) => s.id)).toEqual(['radar', 'clear', 'cloudy']);
  });

  it('a near-tie of clear gains (within the tolerance) goes to the clearer scene, a real lead does not', async () => {
    // Clear gains: A 100 × 0.90 = 90, B 92 × 0.97 = 89.24 (within 2 % of 90), C 80 × 1 = 80 (not within).
    const sets = { A: range(0, 100), B: range(100, 192), C: range(200, 280) };
    const clouds = { A: 10, B: 3, C: 0 };
    const within2 = await greedyCover(candidatesOf(sets, clouds), cellOracle(sets).oracle, { minGain: 1, tieTolerance: 0.02 });
    expect(within2.map((s) => s.id)).toEqual(['B', 'A', 'C']);
    const exact = await greedyCover(candidatesOf(sets, clouds), cellOracle(sets).oracle, { minGain: 1, tieTolerance: 0 });
    expect(exact.map((s) => s.id)).toEqual(['A', 'B', 'C']);
  });

  it('a large cloudy scene does not lead the set: gains count only the share not under cloud (issue 32.7)', async () => {
    // 100 cells under 78 % cloud add 22 clear cells; 40 cells under 5 % add 38; a scene all under cloud adds none.
    const sets = { cloudy: range(0, 100), clear: range(100, 140), overcast: range(140, 300) };
    const steps = await greedyCover(candidatesOf(sets, { cloudy: 78, clear: 5, overcast: 100 }), cellOracle(sets).oracle, {
      minGain: 1,
      tieTolerance: 0.02,
    });
    expect(steps.map((s) => [s.id, s.gain])).toEqual([
      ['clear', 40],
      ['cloudy', 100],
    ]);
  });

  it('stops when the next gain is below the threshold', async () => {
    const sets = { A: range(0, 100), B: range(99, 105), C: range(0, 100).concat([200]) };
    const { oracle } = cellOracle(sets);
    const steps = await greedyCover(candidatesOf(sets), oracle, { minGain: 2, tieTolerance: 0 });
    // C (101 cells) first; then A adds 0, B adds 5; then nothing adds ≥ 2.
    expect(steps.map((s) => [s.id, s.gain])).toEqual([
      ['C', 101],
      ['B', 5],
    ]);
  });

  it('gives the plain greedy answer on random instances while recomputing few gains', async () => {
    const rng = mulberry32(7);
    for (let round = 0; round < 30; round++) {
      const sets: Record<string, number[]> = {};
      const clouds: Record<string, number | null> = {};
      const n = 20 + Math.floor(rng() * 200);
      for (let i = 0; i < n; i++) {
        const x = Math.floor(rng() * 40);
        const y = Math.floor(rng() * 40);
        const w = 2 + Math.floor(rng() * 10);
        const h = 2 + Math.floor(rng() * 10);
        const cells: number[] = [];
        for (let a = x; a < Math.min(50, x + w); a++) for (let b = y; b < Math.min(50, y + h); b++) cells.push(a * 50 + b);
        const id = `S${String(i).padStart(3, '0')}`;
        sets[id] = cells;
        clouds[id] = rng() < 0.1 ? null : Math.round(rng() * 100);
      }
      const tie = round % 2 === 0 ? 0 : 0.05;
      const { oracle, stats } = cellOracle(sets);
      const steps = await greedyCover(candidatesOf(sets, clouds), oracle, { minGain: 3, tieTolerance: tie, batch: 4 });
      expect(steps.map((s) => s.id)).toEqual(eagerGreedy(sets, clouds, 3, tie));
      // Lazy: far fewer evaluations than n per step.
      expect(stats().evaluated).toBeLessThan(n * Math.max(1, steps.length));
    }
  });

  it('covers as much as all scenes together, less what is below the threshold', async () => {
    const rng = mulberry32(11);
    const sets: Record<string, number[]> = {};
    for (let i = 0; i < 300; i++) {
      const x = Math.floor(rng() * 90);
      const y = Math.floor(rng() * 90);
      const cells: number[] = [];
      for (let a = x; a < x + 10; a++) for (let b = y; b < y + 10; b++) cells.push(a * 100 + b);
      sets[`S${i}`] = cells;
    }
    const all = new Set(Object.values(sets).flat());
    const { oracle, covered } = cellOracle(sets);
    const minGain = 5;
    const steps = await greedyCover(candidatesOf(sets), oracle, { minGain, tieTolerance: 0.02 });
    const unchosen = Object.keys(sets).length - steps.length;
    expect(covered.size).toBe(steps.at(-1)!.cumulative);
    expect(covered.size).toBeGreaterThanOrEqual(all.size - unchosen * minGain);
    expect(steps.length).toBeLessThan(150);
  });

  it('chooses nothing from nothing', async () => {
    const { oracle } = cellOracle({ A: [] });
    expect(await greedyCover([{ id: 'A', cloudPct: 0, gain: 0 }], oracle, { minGain: 0, tieTolerance: 0 })).toEqual([]);
  });
});

describe('greedy set cover with the whole known', () => {
  it('stops once the rest of the area is below the threshold, without recomputing every scene', async () => {
    // One scene covers all 100 cells; 50 smaller ones lie inside it.
    const sets: Record<string, number[]> = { ALL: range(0, 100) };
    for (let i = 0; i < 50; i++) sets[`S${i}`] = range(i, i + 10);
    const { oracle, stats } = cellOracle(sets);
    const steps = await greedyCover(candidatesOf(sets), oracle, { minGain: 1, tieTolerance: 0, total: 100 });
    expect(steps.map((s) => s.id)).toEqual(['ALL']);
    expect(stats().evaluated).toBe(0);
  });
});

describe('greedy set cover with a time budget', () => {
  it('ends with the steps taken so far when told to stop, the same first choices as without a budget', async () => {
    const sets: Record<string, number[]> = {};
    for (let i = 0; i < 10; i++) sets[`T${i}`] = range(i * 10, i * 10 + 10 + i);
    const full = await greedyCover(candidatesOf(sets), cellOracle(sets).oracle, { minGain: 1, tieTolerance: 0 });
    expect(full.length).toBeGreaterThan(3);
    let checks = 0;
    const cut = await greedyCover(candidatesOf(sets), cellOracle(sets).oracle, { minGain: 1, tieTolerance: 0, stop: () => ++checks > 3 });
    expect(cut.map((s) => s.id)).toEqual(full.slice(0, 3).map((s) => s.id));
  });
});
