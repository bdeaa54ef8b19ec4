import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { distanceKm, satrecOf, temeAt } from './propagate';

const vector = z.tuple([z.number(), z.number(), z.number()]);
const reference = z
  .object({
    cases: z.array(
      z.object({
        norad: z.number(),
        name: z.string(),
        line1: z.string(),
        line2: z.string(),
        minutesSinceEpoch: z.number(),
        positionKm: vector,
        velocityKmS: vector,
      }),
    ),
  })
  .parse(JSON.parse(readFileSync(path.join(__dirname, 'sgp4-reference.json'), 'utf8')));

describe('SGP4 propagation (satellite.js) against an independent implementation (python3-sgp4)', () => {
  it('covers five satellites at their epoch and one and three days after', () => {
    expect(new Set(reference.cases.map((c) => c.norad)).size).toBe(5);
    expect([...new Set(reference.cases.map((c) => c.minutesSinceEpoch))]).toEqual([0, 1440, 4320]);
  });

  it.each(reference.cases.map((c) => [c.name, c.minutesSinceEpoch / 1440, c] as const))(
    '%s at epoch + %i d: position within 1 km (in fact within a metre), velocity within 1 mm/s',
    (_name, _days, c) => {
      const state = temeAt(satrecOf(c.line1, c.line2), c.minutesSinceEpoch);
      expect(state).not.toBeNull();
      expect(distanceKm(state!.positionKm, c.positionKm)).toBeLessThan(0.001);
      expect(distanceKm(state!.velocityKmS, c.velocityKmS)).toBeLessThan(0.000001);
    },
  );

  it('answers null where SGP4 gives up instead of a position', () => {
    const c = reference.cases[0]!;
    // With an absurd drag term (B* = 1) the orbit has decayed within ten days in SGP4's model.
    const dragged = `${c.line1.slice(0, 53)} 99999+0${c.line1.slice(61)}`;
    expect(temeAt(satrecOf(dragged, c.line2), 1440)).not.toBeNull();
    expect(temeAt(satrecOf(dragged, c.line2), 10 * 1440)).toBeNull();
  });
});
