/**
 * PNG encoding of an RGBA canvas buffer. Skia's own encoder spends most of a tile's time on maximum
 * compression; map tiles are mostly empty, so fast deflate keeps them small at a fraction of the cost.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(buffers: Uint8Array[]): number {
  let crc = 0xffffffff;
  for (const buf of buffers) for (let i = 0; i < buf.length; i++) crc = CRC_TABLE[(crc ^ buf[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32([head.subarray(4), data]), 0);
  return Buffer.concat([head, data, crc]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Encodes non-premultiplied RGBA pixels (as canvas `getImageData` returns them) as an 8-bit RGBA PNG.
 * Each row uses the "up" filter, which suits flat map colours.
 */
export function encodePng(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number, level = 3): Buffer {
  const stride = width * 4;
  const raw = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const out = y * (stride + 1);
    const row = y * stride;
    if (y === 0) {
      raw[out] = 0;
      raw.set(rgba.subarray(row, row + stride), out + 1);
      continue;
    }
    raw[out] = 2;
    const prev = row - stride;
    for (let x = 0; x < stride; x++) raw[out + 1 + x] = (rgba[row + x]! - rgba[prev + x]!) & 0xff;
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level })), chunk('IEND', new Uint8Array(0))]);
}
