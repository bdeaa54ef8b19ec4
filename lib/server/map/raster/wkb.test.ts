import { parseWkb } from './renderer.mjs';

function polygonWkb(rings: number[][][], little = true): Uint8Array {
  const parts: Buffer[] = [];
  const head = Buffer.alloc(9);
  head.writeUInt8(little ? 1 : 0, 0);
  if (little) {
    head.writeUInt32LE(3, 1);
    head.writeUInt32LE(rings.length, 5);
  } else {
    head.writeUInt32BE(3, 1);
    head.writeUInt32BE(rings.length, 5);
  }
  parts.push(head);
  for (const ring of rings) {
    const buf = Buffer.alloc(4 + ring.length * 16);
    if (little) buf.writeUInt32LE(ring.length, 0);
    else buf.writeUInt32BE(ring.length, 0);
    ring.forEach(([x, y], i) => {
      if (little) {
        buf.writeDoubleLE(x!, 4 + i * 16);
        buf.writeDoubleLE(y!, 12 + i * 16);
      } else {
        buf.writeDoubleBE(x!, 4 + i * 16);
        buf.writeDoubleBE(y!, 12 + i * 16);
      }
    });
    parts.push(buf);
  }
  return new Uint8Array(Buffer.concat(parts));
}

describe('parseWkb', () => {
  const square = [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 0],
  ];

  it('reads polygons in either byte order', () => {
    for (const little of [true, false]) {
      const parsed = parseWkb(polygonWkb([square], little));
      expect(parsed.polygons).toHaveLength(1);
      expect(Array.from(parsed.polygons[0]![0]!)).toEqual([0, 0, 1, 0, 1, 1, 0, 0]);
    }
  });

  it('reads a multipolygon of two parts', () => {
    const one = polygonWkb([square]);
    const head = Buffer.alloc(9);
    head.writeUInt8(1, 0);
    head.writeUInt32LE(6, 1);
    head.writeUInt32LE(2, 5);
    const parsed = parseWkb(new Uint8Array(Buffer.concat([head, one, one])));
    expect(parsed.polygons).toHaveLength(2);
  });

  it('returns nothing for an empty geometry', () => {
    expect(parseWkb(new Uint8Array(0))).toEqual({ polygons: [], lines: [], points: [] });
  });
});
