import { coverageCell, coverageWindow } from './coverage';

const E = Math.PI * 6378137;

/** A Web Mercator tile's request box, its corners through the lon/lat round trip a client makes. */
function tile(z: number, x: number, y: number) {
  const size = (2 * E) / 2 ** z;
  const native = [-E + x * size, E - (y + 1) * size, -E + (x + 1) * size, E - y * size] as const;
  const lonLat = [(native[0] / E) * 180, 0, (native[2] / E) * 180, 0] as [number, number, number, number];
  return { crs: 'EPSG:3857' as const, native, lonLat };
}

describe('coverage grid', () => {
  it('uses one cell size for every image of a zoom, whatever its tile or rounding', () => {
    for (const z of [0, 2, 5, 8]) {
      const cells = new Set<number>();
      for (const x of [0, 3, 2 ** z - 1]) {
        const box = tile(z, x, 0);
        for (const noise of [1, 1 + 1e-9, 1 - 1e-9]) cells.add(coverageCell(((box.lonLat[2] - box.lonLat[0]) / 256) * noise));
        // A 512-px image of the parent tile has the same resolution, so the same grid.
        cells.add(coverageCell(((box.lonLat[2] - box.lonLat[0]) * 2) / 512));
      }
      expect([...cells]).toEqual([360 / 256 / 2 ** z]);
    }
  });

  it("makes a 256-px tile's cells its pixels, continuing across the tile edge", () => {
    const z = 6;
    const cell = 360 / 256 / 2 ** z;
    const a = coverageWindow(tile(z, 28, 37), 256, 256, cell);
    const b = coverageWindow(tile(z, 29, 37), 256, 256, cell);
    expect(a.i1 - a.i0).toBe(256);
    expect(a.j1 - a.j0).toBe(256);
    expect(b.i0).toBe(a.i1);
    expect([b.j0, b.j1]).toEqual([a.j0, a.j1]);
    // Rows are Web Mercator pixel rows from the equator: tile row 37 of 64 starts 5 tiles (1280 px) south of it.
    expect(a.j1).toBe(-(37 - 32) * 256);
  });
});
