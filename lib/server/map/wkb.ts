/**
 * A minimal reader of (extended) well-known binary for the geometries the layers hold, returning
 * flat rings of [x0, y0, x1, y1, …] so drawing needs no per-point objects.
 */
export type Ring = Float64Array;
/** Polygons as lists of rings (outer first), lines as single "rings", points as one pair. */
export interface ParsedGeometry {
  polygons: Ring[][];
  lines: Ring[];
  points: Ring[];
}

export function parseWkb(bytes: Uint8Array): ParsedGeometry {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: ParsedGeometry = { polygons: [], lines: [], points: [] };
  let offset = 0;

  const readRing = (little: boolean, dims: number): Ring => {
    const count = view.getUint32(offset, little);
    offset += 4;
    const ring = new Float64Array(count * 2);
    for (let i = 0; i < count; i++) {
      ring[i * 2] = view.getFloat64(offset, little);
      ring[i * 2 + 1] = view.getFloat64(offset + 8, little);
      offset += 8 * dims;
    }
    return ring;
  };

  const readGeometry = (): void => {
    const little = view.getUint8(offset) === 1;
    let type = view.getUint32(offset + 1, little);
    offset += 5;
    let dims = 2;
    if (type & 0x20000000) offset += 4; // EWKB SRID
    if (type & 0x80000000) dims++;
    if (type & 0x40000000) dims++;
    type &= 0x0fffffff;
    if (type >= 3000) {
      dims = 4;
      type -= 3000;
    } else if (type >= 1000) {
      dims = 3;
      type = type >= 2000 ? type - 2000 : type - 1000;
    }
    switch (type) {
      case 1: {
        const point = new Float64Array([view.getFloat64(offset, little), view.getFloat64(offset + 8, little)]);
        offset += 8 * dims;
        if (!Number.isNaN(point[0])) out.points.push(point);
        return;
      }
      case 2:
        out.lines.push(readRing(little, dims));
        return;
      case 3: {
        const rings = view.getUint32(offset, little);
        offset += 4;
        const polygon: Ring[] = [];
        for (let r = 0; r < rings; r++) polygon.push(readRing(little, dims));
        if (polygon.length) out.polygons.push(polygon);
        return;
      }
      case 4:
      case 5:
      case 6:
      case 7: {
        const parts = view.getUint32(offset, little);
        offset += 4;
        for (let p = 0; p < parts; p++) readGeometry();
        return;
      }
      default:
        throw new Error(`Unsupported WKB geometry type ${type}`);
    }
  };

  if (bytes.byteLength > 0) readGeometry();
  return out;
}
