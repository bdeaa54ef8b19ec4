import 'server-only';
/**
 * What an image is, established once: its grid, bands and nodata from the file (geotiff.js), its CRS from GDAL
 * (`gdalsrsinfo`), its footprint in EPSG:4326 (the raster's bounds, each edge densified, through proj4), and the
 * refusals of registration: an image that is not tiled, or too large to serve.
 */
import proj4 from 'proj4';
import { cogFacts } from './cog.mjs';
import { compositesOf } from './styles';
import { proj4Of } from './gdal';
import type { ImageryRaster } from '../scene-imagery';

/** Longest side a served image may have, in pixels (about 100 km at 0.5 m, or a whole strip at 16 m). */
export const MAX_IMAGE_SIDE = 200_000;
/** Points per edge of a footprint. */
const EDGE_POINTS = 16;

export class UnservableImage extends Error {}

export interface Described {
  raster: ImageryRaster;
  /** GeoJSON polygon of the raster's bounds in EPSG:4326. */
  footprint: { type: 'Polygon'; coordinates: number[][][] };
  /** Pixel size in metres (or the CRS unit), the scene's resolution. */
  resolution: number;
}

export async function describeCog(file: string, commonNames: readonly (string | null)[] = []): Promise<Described> {
  const facts = await cogFacts(file);
  if (!facts.tiled)
    throw new UnservableImage(`not tiled (strips of ${facts.width} pixels): convert it to a COG, e.g. gdal_translate -of COG`);
  if (Math.max(facts.width, facts.height) > MAX_IMAGE_SIDE)
    throw new UnservableImage(`${facts.width} × ${facts.height} pixels is larger than ${MAX_IMAGE_SIDE} on a side`);
  if (facts.levels.length === 1 && Math.max(facts.width, facts.height) > 4096)
    throw new UnservableImage(`${facts.width} × ${facts.height} pixels without overviews: add them (gdal_translate -of COG does)`);
  const [ox, dx, , oy, , dy] = facts.transform;
  if (!(dx > 0) || !(dy < 0)) throw new UnservableImage('only north-up images are served (no rotation, rows southwards)');
  const definition = await proj4Of(file);
  const toLonLat = proj4(definition, 'EPSG:4326');
  const ring: number[][] = [];
  const corners: Array<[number, number]> = [
    [0, 0],
    [facts.width, 0],
    [facts.width, facts.height],
    [0, facts.height],
  ];
  for (let k = 0; k < 4; k++) {
    const [c0, r0] = corners[k]!;
    const [c1, r1] = corners[(k + 1) % 4]!;
    for (let i = 0; i < EDGE_POINTS; i++) {
      const t = i / EDGE_POINTS;
      const [lon, lat] = toLonLat.forward([ox + (c0 + (c1 - c0) * t) * dx, oy + (r0 + (r1 - r0) * t) * dy]) as [number, number];
      if (!Number.isFinite(lon) || !Number.isFinite(lat))
        throw new UnservableImage('the image bounds do not project to longitude/latitude');
      ring.push([Math.round(lon * 1e7) / 1e7, Math.round(lat * 1e7) / 1e7]);
    }
  }
  // Counter-clockwise, closed (GeoJSON's right-hand rule): the corners run clockwise on the map.
  ring.reverse();
  ring.push([...ring[0]!]);
  const lons = ring.map((p) => p[0]!);
  const lats = ring.map((p) => p[1]!);
  return {
    raster: {
      width: facts.width,
      height: facts.height,
      bands: facts.bands,
      transform: facts.transform,
      proj4: definition,
      nodata: facts.nodata,
      bitsPerSample: facts.bitsPerSample,
      lonLatBox: [Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)],
      composites: compositesOf(facts.bands, commonNames),
    },
    footprint: { type: 'Polygon', coordinates: [ring] },
    // A geographic CRS states its pixels in degrees: metres at the image's middle latitude.
    resolution: definition.includes('+proj=longlat')
      ? Math.abs(dx) * 111_320 * Math.cos((((Math.min(...lats) + Math.max(...lats)) / 2) * Math.PI) / 180)
      : Math.abs(dx),
  };
}
