import { MAP_PASS_LIMIT, mapPasses } from './map-passes';

const pass = (i: number, status: 'counted' | 'possible' | 'lowSun' = 'counted') => ({ id: `p${i}`, status });

describe('the passes the map draws', () => {
  const passes = Array.from({ length: 93 }, (_, i) => pass(i, i % 3 === 1 ? 'lowSun' : 'counted'));

  it('draws at most the first 10 passes in the list’s order, counted ones first, not all 93', () => {
    expect(MAP_PASS_LIMIT).toBe(10);
    const m = mapPasses(passes, null);
    expect(m.drawn).toHaveLength(10);
    expect(m.drawn.every((p) => p.status === 'counted')).toBe(true);
    expect(m.drawn.map((p) => p.id)).toEqual(['p0', 'p2', 'p3', 'p5', 'p6', 'p8', 'p9', 'p11', 'p12', 'p14']);
    expect([m.first, m.selectedExtra, m.total]).toEqual([10, false, 93]);
  });

  it('adds the selected pass, even one not counted, and only once', () => {
    const later = mapPasses(passes, 'p90');
    expect(later.drawn).toHaveLength(11);
    expect(later.drawn[10]!.id).toBe('p90');
    expect(later.selectedExtra).toBe(true);
    const night = mapPasses(passes, 'p1');
    expect(night.drawn.map((p) => p.id)).toContain('p1');
    const among = mapPasses(passes, 'p3');
    expect(among.drawn).toHaveLength(10);
    expect(among.selectedExtra).toBe(false);
  });

  it('fills up with passes not counted when fewer are counted (stale elements), keeping the list’s order', () => {
    const m = mapPasses([pass(0, 'possible'), pass(1), pass(2, 'lowSun')], null, 2);
    expect(m.drawn.map((p) => p.id)).toEqual(['p0', 'p1']);
    expect([m.first, m.total]).toEqual([2, 3]);
    const none = mapPasses(Array.from({ length: 80 }, (_, i) => pass(i, 'possible')), null);
    expect(none.drawn.map((p) => p.id)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9']);
  });
});
