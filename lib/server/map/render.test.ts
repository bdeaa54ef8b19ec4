import { createCanvas, loadImage } from '@napi-rs/canvas';
import { packJob, renderPng } from './render';
import { pixelProjector, regroup } from './raster/renderer.mjs';

function polygon(points: number[][]): Uint8Array {
  const b = Buffer.alloc(13 + points.length * 16);
  b.writeUInt8(1, 0);
  b.writeUInt32LE(3, 1);
  b.writeUInt32LE(1, 5);
  b.writeUInt32LE(points.length, 9);
  points.forEach(([x, y], i) => {
    b.writeDoubleLE(x!, 13 + i * 16);
    b.writeDoubleLE(y!, 21 + i * 16);
  });
  return new Uint8Array(b);
}

async function pixel(png: Buffer, x: number, y: number): Promise<number[]> {
  const image = await loadImage(png);
  const ctx = createCanvas(image.width, image.height).getContext('2d');
  ctx.drawImage(image, 0, 0);
  return Array.from(ctx.getImageData(x, y, 1, 1).data);
}

const box = { crs: 'EPSG:4326' as const, native: [0, 0, 20, 20] as const };
const square = polygon([
  [0, 0],
  [10, 0],
  [10, 10],
  [0, 10],
  [0, 0],
]);

describe('renderPng on the worker pool', () => {
  it('draws many images in parallel, each where its features lie', async () => {
    const pngs = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        renderPng([{ wkb: square, style: { fill: i % 2 ? '#ff0000' : '#0000ff' } }], { width: 40, height: 40, box }),
      ),
    );
    // The square covers the lower-left quarter: pixel (5, 35) inside, (35, 5) outside.
    expect(await pixel(pngs[1]!, 5, 35)).toEqual([255, 0, 0, 255]);
    expect(await pixel(pngs[2]!, 5, 35)).toEqual([0, 0, 255, 255]);
    expect(await pixel(pngs[1]!, 35, 5)).toEqual([0, 0, 0, 0]);
  });

  it('rejects a broken geometry and keeps drawing afterwards', async () => {
    const broken = new Uint8Array([1, 3, 0, 0, 0, 1, 0, 0, 0, 9, 0, 0, 0]);
    await expect(renderPng([{ wkb: broken, style: { fill: '#f00' } }], { width: 8, height: 8, box })).rejects.toThrow(/outside the bounds/);
    const png = await renderPng([{ wkb: square, style: { fill: '#00ff00' } }], { width: 40, height: 40, box });
    expect(await pixel(png, 5, 35)).toEqual([0, 255, 0, 255]);
  });

  it('shades a coverage grid by count over what was drawn before, as that many faint fills would', async () => {
    // Cells of 1° from longitude −180 and the equator: cell (185, 15) is lon 5…6, lat 15…16 — pixels 10–11, rows 8–9.
    const counts = new Int32Array(20 * 20);
    counts[15 * 20 + 5] = 3;
    counts[2 * 20 + 15] = 200;
    counts[3 * 20 + 3] = 10;
    const items = [
      { wkb: square, style: { fill: '#00ff00' } },
      { coverage: { style: { rgb: [28, 126, 214] as const, opacity: 0.08 }, cell: 1, i0: 180, j0: 0, cols: 20, rows: 20, counts } },
    ];
    const png = await renderPng(items, { width: 40, height: 40, box });
    const [r, g, b, a] = await pixel(png, 11, 9);
    expect(a).toBe(Math.round(255 * (1 - 0.92 ** 3)));
    expect([r, g, b].map((v, i) => Math.abs(v! - [28, 126, 214][i]!) <= 3)).toEqual([true, true, true]);
    // 200 scenes saturate (cell (195, 2): pixels 30–31, rows 34–35); 10 over the green square tint it (cell (183, 3)).
    expect((await pixel(png, 31, 35))[3]).toBe(255);
    expect(await pixel(png, 5, 37)).toEqual([0, 255, 0, 255]);
    const tinted = await pixel(png, 7, 33);
    expect(tinted[3]).toBe(255);
    expect(tinted[1]).toBeLessThan(255);
    expect(tinted[2]).toBeGreaterThan(0);
    expect(await pixel(png, 35, 5)).toEqual([0, 0, 0, 0]);
    // The counts stay the caller's (a job copies them before they move to a worker): drawing again gives the same image.
    expect(Buffer.compare(await renderPng(items, { width: 40, height: 40, box }), png)).toBe(0);
  });

  it('fills a hole whichever way its rings are wound', async () => {
    // Outer ring and hole both counter-clockwise (invalid winding): the hole must stay empty.
    const b = Buffer.alloc(9 + 2 * (4 + 5 * 16));
    b.writeUInt8(1, 0);
    b.writeUInt32LE(3, 1);
    b.writeUInt32LE(2, 5);
    let o = 9;
    for (const ring of [
      [
        [0, 0],
        [20, 0],
        [20, 20],
        [0, 20],
        [0, 0],
      ],
      [
        [5, 5],
        [15, 5],
        [15, 15],
        [5, 15],
        [5, 5],
      ],
    ]) {
      b.writeUInt32LE(ring.length, o);
      o += 4;
      for (const [x, y] of ring) {
        b.writeDoubleLE(x!, o);
        b.writeDoubleLE(y!, o + 8);
        o += 16;
      }
    }
    const png = await renderPng([{ wkb: new Uint8Array(b), style: { fill: '#ff0000' } }], { width: 40, height: 40, box });
    expect(await pixel(png, 2, 2)).toEqual([255, 0, 0, 255]);
    expect(await pixel(png, 20, 20)).toEqual([0, 0, 0, 0]);
  });

  it('dashes an outline when the style says so, and keeps dashed and solid features apart', async () => {
    const solid = { stroke: '#0000ff', lineWidth: 2 };
    const dashed = { ...solid, dash: [4, 4] };
    /** Empty pixels along the square's top edge (latitude 10: row 20), between its corners. */
    const gaps = async (style: typeof solid) => {
      const png = await renderPng([{ wkb: square, style }], { width: 40, height: 40, box });
      let empty = 0;
      for (let x = 1; x < 19; x++) if ((await pixel(png, x, 20))[3] === 0) empty++;
      return empty;
    };
    expect(await gaps(solid)).toBe(0);
    // Dashes of 4 px on, 4 off: about a quarter of the edge is left empty (the rest on or anti-aliased).
    expect(await gaps(dashed)).toBeGreaterThanOrEqual(4);
    const job = packJob(
      [
        { wkb: square, style: solid },
        { wkb: square, style: dashed },
        { wkb: square, style: { ...dashed, dash: [4, 4] } },
      ],
      { width: 40, height: 40, box },
    );
    expect(job.groups.map((g) => ('count' in g ? g.count : 0))).toEqual([1, 2]);
  });
});

describe('regrouping features for drawing', () => {
  const at = (x: number, y: number, size = 1) =>
    polygon([
      [x, y],
      [x + size, y],
      [x + size, y + size],
      [x, y + size],
      [x, y],
    ]);
  const red = { fill: 'rgba(255, 0, 0, 1)' };
  const blue = { fill: 'rgba(0, 0, 255, 1)' };
  const regrouped = (items: { wkb: Uint8Array; style: typeof red }[]) => {
    const job = packJob(items, { width: 256, height: 256, box });
    return regroup(job.groups, job.wkb, job.offsets, pixelProjector(box, 256, 256), 256, 256);
  };

  it('gathers features of a style that nothing drawn between them touches into one group', () => {
    // Red, blue, red, blue … in corners far apart: two groups instead of four.
    const groups = regrouped([
      { wkb: at(1, 1), style: red },
      { wkb: at(15, 1), style: blue },
      { wkb: at(1, 15), style: red },
      { wkb: at(15, 15), style: blue },
    ]);
    expect(groups.map((g) => ('style' in g ? [g.style.fill, g.geometries.length] : null))).toEqual([
      [red.fill, 2],
      [blue.fill, 2],
    ]);
  });

  it('never moves a feature past one it overlaps, so the later one stays on top', async () => {
    // Red, then blue over it, then red over the blue: the second red must stay a group of its own, after blue.
    const items = [
      { wkb: at(2, 2, 6), style: red },
      { wkb: at(4, 4, 6), style: blue },
      { wkb: at(6, 6, 6), style: red },
    ];
    expect(regrouped(items).map((g) => ('style' in g ? g.geometries.length : 0))).toEqual([1, 1, 1]);
    const png = await renderPng(items, { width: 256, height: 256, box });
    // Where all three overlap (x = y = 7 → pixel 89, 166) the last red is on top; where only the first two, blue.
    expect(await pixel(png, 89, 166)).toEqual([255, 0, 0, 255]);
    expect(await pixel(png, 64, 192)).toEqual([0, 0, 255, 255]);
  });
});
