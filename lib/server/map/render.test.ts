import { createCanvas, loadImage } from '@napi-rs/canvas';
import { packJob, renderPng } from './render';
import { OVERDUE_OUTLINE } from '../../shared/verification/map-style';
import { axisProjector, deferSpecks, regroup } from './raster/renderer.mjs';

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

async function pixels(png: Buffer): Promise<Uint8ClampedArray> {
  const image = await loadImage(png);
  const ctx = createCanvas(image.width, image.height).getContext('2d');
  ctx.drawImage(image, 0, 0);
  return ctx.getImageData(0, 0, image.width, image.height).data;
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
    return regroup(job.groups, job.wkb, job.offsets, axisProjector(box, 256, 256), 256, 256);
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

describe('specks: polygons of a pixel or two', () => {
  // 2 pixels a degree: a square of `size` degrees at (x, y) is 2 × size pixels a side.
  const at = (x: number, y: number, size: number) =>
    polygon([
      [x, y],
      [x + size, y],
      [x + size, y + size],
      [x, y + size],
      [x, y],
    ]);
  // The verification layer's overdue case (a dashed dark-red outline over a translucent fill) and a case on time.
  const overdue = { fill: '#e69f0080', stroke: OVERDUE_OUTLINE.color, lineWidth: OVERDUE_OUTLINE.width, dash: [...OVERDUE_OUTLINE.dash] };
  const onTime = { fill: '#56b4e980', stroke: '#56b4e9', lineWidth: 1.5 };
  const size = { width: 40, height: 40, box };
  const far = at(15, 15, 4); // 8 px a side: never a speck

  it('paints a spot far smaller than a pixel in its outline colour instead of dropping it', async () => {
    // 0.2 px a side at pixel (10.5, 29.5): the outline, 2.5 px wide, covers that pixel whole.
    const png = await renderPng([{ wkb: at(5.2, 5.2, 0.1), style: overdue }], size);
    expect(await pixel(png, 10, 29)).toEqual([0xa6, 0x1e, 0x1e, 255]);
    expect(await pixel(png, 14, 29)).toEqual([0, 0, 0, 0]);
  });

  it('paints a speck as the canvas strokes it (its outline widened round its box)', async () => {
    for (const style of [overdue, onTime]) {
      for (const [x, y] of [
        [5.15, 5.3],
        [5.4, 5.05],
      ] as const) {
        const speck = at(x!, y!, 0.6); // 1.2 px a side
        // Last, the speck is laid over the pixels; followed by a larger feature, the canvas draws it.
        const laid = await pixels(await renderPng([{ wkb: speck, style }], size));
        const drawn = await pixels(
          await renderPng(
            [
              { wkb: speck, style },
              { wkb: far, style: { fill: '#000' } },
            ],
            size,
          ),
        );
        let both = 0;
        let either = 0;
        for (let py = 0; py < 40; py++)
          for (let px = 0; px < 14; px++) {
            const o = (py * 40 + px) * 4;
            const [a, b] = [laid[o + 3]!, drawn[o + 3]!];
            if (a && b) both++;
            if (a || b) either++;
            expect(Math.abs(a - b)).toBeLessThanOrEqual(40);
            if (a === 255 && b === 255) expect([...laid.subarray(o, o + 3)]).toEqual([...drawn.subarray(o, o + 3)]);
          }
        expect(either).toBeGreaterThanOrEqual(9);
        expect(both / either).toBeGreaterThanOrEqual(0.85);
      }
    }
  });

  it('lays specks in draw order, the later on top', async () => {
    const red = { stroke: '#ff0000', lineWidth: 2 };
    const blue = { stroke: '#0000ff', lineWidth: 2 };
    const png = await renderPng(
      [
        { wkb: at(5, 5, 0.5), style: red },
        { wkb: at(5.25, 5, 0.5), style: blue },
        { wkb: at(6, 5, 0.5), style: red },
      ],
      size,
    );
    // Widened by their outlines: red 9–12, blue 9.5–12.5, red 11–14 px; rows 28–31.
    expect(await pixel(png, 10, 29)).toEqual([0, 0, 255, 255]);
    expect(await pixel(png, 11, 29)).toEqual([255, 0, 0, 255]);
  });

  it('lays over the pixels only the small outlined polygons nothing drawn after them reaches, never a dashed outline longer than a dash', () => {
    const project = axisProjector(box, 40, 40);
    const deferred = (items: { wkb: Uint8Array; style: object }[]) => {
      const { skip, specks } = deferSpecks(packJob(items, size), project, 40, 40);
      return { skip: [...skip], boxes: [...specks.boxes] };
    };
    const small = at(5, 5, 0.6); // pixels 10–11.2 × 28.8–30
    // A speck under a larger feature drawn after it stays on the canvas; one far from it, and the last ones, do not.
    expect(
      deferred([
        { wkb: small, style: onTime },
        { wkb: at(1, 15, 0.6), style: onTime },
        { wkb: at(4.5, 4.5, 2), style: onTime },
        { wkb: small, style: onTime },
        { wkb: small, style: overdue },
      ]),
    ).toEqual({
      skip: [0, 1, 0, 1, 1],
      boxes: [
        ...[2, 8.8, 3.2, 10, 0.75].map((v) => expect.closeTo(v, 9)),
        ...[10, 28.8, 11.2, 30, 0.75].map((v) => expect.closeTo(v, 9)),
        ...[10, 28.8, 11.2, 30, 1.25].map((v) => expect.closeTo(v, 9)),
      ],
    });
    // No outline (a fill only), an outline not opaque, a 2 px square dashed 1 on 3 (8 px round), 3 px long: none.
    for (const item of [
      { wkb: small, style: { fill: '#ff0000' } },
      { wkb: small, style: { stroke: 'rgba(255, 0, 0, 0.5)', lineWidth: 2 } },
      { wkb: at(5, 5, 1), style: { stroke: '#ff0000', lineWidth: 2.5, dash: [1, 3] } },
      {
        wkb: polygon([
          [5, 5],
          [6.5, 5],
          [6.5, 5.2],
          [5, 5.2],
          [5, 5],
        ]),
        style: overdue,
      },
    ])
      expect(deferred([item]).skip).toEqual([0]);
  });

  it('still dashes the outline of an overdue case drawn larger than a speck', async () => {
    // A case 20 px a side (a verification spot at zoom 14; pixels 10–30 both ways): dashes of 6 on, 4 off leave
    // gaps along its top edge (row 9, within the outline), while inside it the fill covers every pixel.
    const png = await pixels(await renderPng([{ wkb: at(5, 5, 10), style: overdue }], size));
    let gaps = 0;
    for (let x = 11; x < 30; x++) {
      expect(png[(20 * 40 + x) * 4 + 3]).toBeGreaterThan(0);
      if (png[(9 * 40 + x) * 4 + 3]! < 128) gaps++;
    }
    expect(gaps).toBeGreaterThanOrEqual(3);
  });
});
