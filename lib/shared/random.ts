/**
 * The one seeded random generator for demo data (spots, scene metadata, cover art): mulberry32, a small,
 * well-distributed 32-bit PRNG. The same seed always gives the same sequence, so generated data is the
 * same on every machine and every start; changing this function changes the demo data.
 */

/** Numbers in [0, 1), like Math.random. */
export type Rng = () => number;

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
