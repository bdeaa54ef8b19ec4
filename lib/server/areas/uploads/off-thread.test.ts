/**
 * Issue 32.2: reading and checking an uploaded area is seconds of CPU for a large file (unzip, parse, reproject,
 * simplify, count crossings), so it runs on a worker thread (./worker.mjs) and the request thread keeps answering.
 * Measured as the longest stall of a 5 ms timer while a 150,000-vertex ring is prepared: inline it holds the
 * thread for the whole preparation; through the pool it does not. Refusals cross the thread with their reason.
 */
import { AREA_UPLOAD_LIMITS } from '../../../shared/contracts/uploads';
import { prepareUploadedArea, preparationThreads, resetPreparation } from './index';
import { prepareArea } from './prepare';
import { UploadRefused } from './refusal';
import { longestStall } from '../../../../tests/support/stall';

/** A simple (never self-crossing) ring with a jagged edge of `n` vertices around 114° E 38° N, as GeoJSON bytes. */
function jaggedRing(n: number): Uint8Array {
  const ring: number[][] = [];
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const r = 1 + (i % 2 ? 0.0005 : 0) + 0.1 * Math.sin(a * 37);
    ring.push([114 + r * Math.cos(a), 38 + r * Math.sin(a)]);
  }
  ring.push(ring[0]!);
  const collection = {
    type: 'FeatureCollection',
    features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } }],
  };
  return new TextEncoder().encode(JSON.stringify(collection));
}

afterAll(() => resetPreparation());

describe('an uploaded area is prepared off the request thread', () => {
  const bytes = jaggedRing(150_000);

  it('holds the request thread far less than the same preparation inline', async () => {
    expect(preparationThreads()).not.toBeNull();
    // Warm the thread (tsx loads the TypeScript once per thread) so the figure is the preparation's own.
    await prepareUploadedArea({ name: 'warm.geojson', bytes: jaggedRing(1000) });
    const inline = await longestStall(() => prepareArea({ name: 'ring.geojson', bytes }));
    const off = await longestStall(() => prepareUploadedArea({ name: 'ring.geojson', bytes }));
    expect(inline.result.ok).toBe(true);
    expect(off.result.simplified).toBe(true);
    // Hex WKB, little-endian, of one MultiPolygon (type 6) of one polygon.
    expect(off.result.wkb.slice(0, 18)).toBe('010600000001000000');
    // Inline the whole preparation is one stall (~1 s here); off the thread only the copies of the file and the answer.
    expect(inline.stallMs).toBeGreaterThan(500);
    expect(off.stallMs).toBeLessThan(Math.min(300, inline.stallMs / 3));
  });

  it('brings a refusal back with its reason and values', async () => {
    const tooMany = jaggedRing(AREA_UPLOAD_LIMITS.maxInputVertices + 10);
    const error = await prepareUploadedArea({ name: 'big.geojson', bytes: tooMany }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadRefused);
    expect((error as UploadRefused).reason).toBe('tooManyInputVertices');
    expect((error as UploadRefused).values).toMatchObject({ max: AREA_UPLOAD_LIMITS.maxInputVertices });
    const notJson = await prepareUploadedArea({ name: 'x.geojson', bytes: new TextEncoder().encode('{') }).catch((e: unknown) => e);
    expect((notJson as UploadRefused).reason).toBe('unreadable');
  });
});
