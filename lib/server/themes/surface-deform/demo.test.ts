import { bowlRate, DEFORM_SITES, demoCells, demoProducts, SERIES_EPOCHS, tileBounds, tileX, tileY } from './demo';

describe('surface deformation demo', () => {
  const sites = demoCells();
  const cells = sites.flatMap((s) => s.cells);

  it('is the same on every run', () => {
    expect(demoCells()[3]!.cells.slice(0, 50)).toEqual(sites[3]!.cells.slice(0, 50));
    expect(demoProducts()).toEqual(demoProducts());
  });

  it('puts the deepest subsidence at the documented bowls and keeps the ground elsewhere near stable', () => {
    const at = (lon: number, lat: number) => cells.find((c) => c.x === tileX(lon) && c.y === tileY(lat))!;
    // Chaoyang (Beijing): about −110 mm/a at the centre; Cangzhou −85; Xi'an's north rises.
    expect(at(116.55, 39.95).rate).toBeLessThan(-95);
    expect(at(116.85, 38.3).rate).toBeLessThan(-70);
    expect(at(108.94, 34.38).rate).toBeGreaterThan(5);
    // Far from every bowl: a few mm/a of noise and trend at most.
    const far = cells.filter((c) => DEFORM_SITES.every((s) => Math.abs(bowlRate(s.bowls, (c.bounds[0] + c.bounds[2]) / 2, (c.bounds[1] + c.bounds[3]) / 2)) < 0.5));
    expect(far.length).toBeGreaterThan(1000);
    expect(Math.max(...far.map((c) => Math.abs(c.rate)))).toBeLessThan(8);
    expect(Math.min(...cells.map((c) => c.rate))).toBeGreaterThan(-130);
  });

  it('gives each cell a series whose trend is its rate, starting at zero', () => {
    const c = cells[1234]!;
    expect(c.series).toHaveLength(SERIES_EPOCHS);
    expect(c.series[0]).toBe(0);
    const years = ((SERIES_EPOCHS - 1) * 24) / 365.25;
    // The end point lies within seasonal swing and noise of the rate times the span.
    expect(Math.abs(c.series[SERIES_EPOCHS - 1]! - c.rate * years)).toBeLessThan(Math.abs(c.rate) * 0.25 + 15);
  });

  it('maps tiles and bounds consistently', () => {
    const [w, s, e, n] = tileBounds(tileX(116.55), tileY(39.95));
    expect(w).toBeLessThanOrEqual(116.55);
    expect(e).toBeGreaterThan(116.55);
    expect(s).toBeLessThanOrEqual(39.95);
    expect(n).toBeGreaterThan(39.95);
  });

  it('names products as stacks of a mission, track and frame over their dates, within the missions’ lives', () => {
    const products = demoProducts();
    expect(new Set(products.map((p) => p.fileName)).size).toBe(products.length);
    for (const p of products) {
      expect(p.fileName).toMatch(/^(S1AB?_IW|LT1AB_STRIP1)_SBAS_\d{3}[AD]_\d{4}_\d{8}_\d{8}_LOS_VEL$/);
      expect(p.dateStart <= p.dateEnd).toBe(true);
      if (p.mission === 'LT1') expect(p.dateStart >= '2022-06-01').toBe(true);
      expect(p.ring[0]).toEqual(p.ring[p.ring.length - 1]);
    }
  });
});
