import { createCanvas, loadImage } from '@napi-rs/canvas';
import { renderPng } from './render';

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
});
