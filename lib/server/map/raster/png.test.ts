import { createCanvas, loadImage } from '@napi-rs/canvas';
import { encodePng, filterRows } from './renderer.mjs';

/** The PNG "up" filter byte by byte, as the specification writes it. */
function referenceUp(rgba: Uint8Array, width: number, height: number): Buffer {
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (stride + 1)] = y === 0 ? 0 : 2;
    for (let x = 0; x < stride; x++) {
      const above = y === 0 ? 0 : rgba[(y - 1) * stride + x]!;
      raw[y * (stride + 1) + 1 + x] = (rgba[y * stride + x]! - above) & 0xff;
    }
  }
  return raw;
}

/** Pseudo-random bytes (fixed seed), with runs of repeated rows like a sparse map tile. */
function tile(width: number, height: number, seed: number, offset = 0): Uint8Array {
  const buffer = new Uint8Array(offset + width * height * 4);
  const rgba = buffer.subarray(offset);
  let state = seed;
  for (let y = 0; y < height; y++) {
    if (y % 5 === 3) {
      rgba.copyWithin(y * width * 4, (y - 1) * width * 4, y * width * 4);
      continue;
    }
    for (let i = 0; i < width * 4; i++) {
      state = (state * 1103515245 + 12345) >>> 0;
      rgba[y * width * 4 + i] = state >>> 24;
    }
  }
  return rgba;
}

describe('filterRows', () => {
  it('matches the byte-by-byte up filter, borrows included, on aligned and unaligned pixels', () => {
    for (const [width, height, offset] of [
      [16, 12, 0],
      [7, 9, 0],
      [16, 12, 1],
      [5, 3, 3],
    ] as const) {
      const rgba = tile(width, height, width * 31 + offset, offset);
      expect(filterRows(rgba, width, height).equals(referenceUp(rgba, width, height))).toBe(true);
    }
  });

  it('handles bytes whose difference wraps in every lane (0 − 255, 255 − 0, 128 − 127)', () => {
    const rgba = new Uint8Array([0, 255, 128, 1, 255, 0, 127, 0, 0, 0, 0, 0, 255, 255, 255, 255]);
    expect(filterRows(rgba, 2, 2).equals(referenceUp(rgba, 2, 2))).toBe(true);
  });
});

describe('encodePng', () => {
  it('encodes RGBA pixels that a PNG decoder reads back exactly', async () => {
    const width = 7;
    const height = 5;
    const rgba = new Uint8Array(width * height * 4);
    for (let i = 0; i < rgba.length; i += 4) {
      rgba[i] = (i * 7) % 256;
      rgba[i + 1] = (i * 13) % 256;
      rgba[i + 2] = (i * 29) % 256;
      rgba[i + 3] = 255;
    }
    const png = await encodePng(rgba, width, height);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    const image = await loadImage(png);
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(image, 0, 0);
    expect(Array.from(ctx.getImageData(0, 0, width, height).data)).toEqual(Array.from(rgba));
  });

  it('writes the same bytes whether it deflates on the calling thread (render workers) or on the pool', async () => {
    const rgba = tile(64, 64, 7);
    const [pooled, blocking] = await Promise.all([encodePng(rgba, 64, 64), encodePng(rgba, 64, 64, { blocking: true })]);
    expect(blocking.equals(pooled)).toBe(true);
  });
});
