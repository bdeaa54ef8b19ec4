/** Types of cog.mjs (the pixel core of the satellite-image WMTS, loaded as it is by the worker threads). */

/** What a tile needs to know of an image: its grid (GDAL geotransform), CRS as a proj4 definition, bands and nodata. */
export interface RasterInfo {
  width: number;
  height: number;
  bands: number;
  /** [originX, pixelWidth, 0, originY, 0, pixelHeight] in the image's CRS (pixelHeight < 0 for north-up). */
  transform: [number, number, number, number, number, number];
  proj4: string;
  nodata: number | null;
}

export type ColourMap = 'greys' | 'viridis' | 'rdylgn';

export interface TileJob {
  path: string;
  raster: RasterInfo;
  /** 0-based bands: three (red, green, blue) or one (through `colourMap`). */
  bands: number[];
  /** [low, high] per band of `bands`, stretched to 0–255. */
  stretch: [number, number][];
  colourMap: ColourMap | null;
  /** The tile in EPSG:3857 metres: [minx, miny, maxx, maxy]. */
  box: [number, number, number, number];
  size: number;
  /** Most pixels one tile may read from a level (a bound on work per tile). */
  maxWindowPixels: number;
}

export interface TileResult {
  png: Uint8Array;
  /** Bytes read from the file for this tile (directories already read are not read again). */
  bytesRead: number;
  /** 0 = full resolution, 1… = overviews. */
  level: number;
  empty: boolean;
}

export interface StretchJob {
  path: string;
  nodata: number | null;
}

export interface StretchResult {
  bands: [number, number][];
  width: number;
  height: number;
}

export interface CogFacts {
  width: number;
  height: number;
  bands: number;
  tiled: boolean;
  blockWidth: number;
  blockHeight: number;
  levels: [number, number][];
  transform: [number, number, number, number, number, number];
  nodata: number | null;
  bitsPerSample: number;
}

export type ImageryJob = ({ kind: 'tile' } & TileJob) | ({ kind: 'stretch' } & StretchJob);

export const COLOUR_MAPS: ColourMap[];
export function stretchValue(v: number, lo: number, hi: number): number;
export function emptyTile(size: number): Promise<Uint8Array>;
export function renderTile(job: TileJob): Promise<TileResult>;
export function computeStretch(job: StretchJob): Promise<StretchResult>;
export function cogFacts(path: string): Promise<CogFacts>;
