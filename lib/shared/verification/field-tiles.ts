/**
 * Which base-map tiles a checker takes into the field (issue 34.2): the whole area of their spots at overview zooms,
 * and only the surroundings of each spot at the close zooms where a field worker finds the place — within a bound on
 * the number of tiles, dropping the closest zoom first when the area is too large. Web-Mercator XYZ tiles, as the
 * portal's own WMTS (EPSG:900913) and Tianditu's w-tiles number them.
 */

export type Tile = readonly [z: number, x: number, y: number];
/** [west, south, east, north] in degrees. */
export type Box = readonly [number, number, number, number];

export interface TilePlan {
  tiles: Tile[];
  /** The zooms taken, lowest and highest (null when nothing). */
  zooms: readonly [number, number] | null;
  /** Close zooms left out to stay within the bound. */
  dropped: number[];
}

export const FIELD_TILE_LIMITS = {
  /** Overview zooms: every tile of the area. */
  overview: [8, 12] as const,
  /** Close zooms: tiles within `margin` of a spot. */
  close: [13, 16] as const,
  /** Around each spot, degrees (about 300 m). */
  margin: 0.003,
  maxTiles: 3000,
} as const;

const MAX_LAT = 85.05112878;
const clampLat = (lat: number) => Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));

export const tileX = (lon: number, z: number) => Math.min(2 ** z - 1, Math.max(0, Math.floor(((lon + 180) / 360) * 2 ** z)));
export function tileY(lat: number, z: number): number {
  const rad = (clampLat(lat) * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * 2 ** z);
  return Math.min(2 ** z - 1, Math.max(0, y));
}

/** The tiles of zoom `z` a box touches, into `into` (keyed "z/x/y"). */
function addBox(into: Map<string, Tile>, box: Box, z: number): void {
  const [w, s, e, n] = box;
  const [x0, x1] = [tileX(w, z), tileX(e, z)];
  const [y0, y1] = [tileY(n, z), tileY(s, z)];
  for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) into.set(`${z}/${x}/${y}`, [z, x, y]);
}

/** Tiles over the union of `spots` (each a box), overview zooms in full, close zooms near each spot. */
export function planFieldTiles(spots: readonly Box[], limits = FIELD_TILE_LIMITS): TilePlan {
  if (spots.length === 0) return { tiles: [], zooms: null, dropped: [] };
  const area: Box = [
    Math.min(...spots.map((b) => b[0])),
    Math.min(...spots.map((b) => b[1])),
    Math.max(...spots.map((b) => b[2])),
    Math.max(...spots.map((b) => b[3])),
  ];
  const byZoom = new Map<number, Map<string, Tile>>();
  for (let z = limits.overview[0]; z <= limits.overview[1]; z++) {
    const tiles = new Map<string, Tile>();
    addBox(tiles, area, z);
    byZoom.set(z, tiles);
  }
  for (let z = limits.close[0]; z <= limits.close[1]; z++) {
    const tiles = new Map<string, Tile>();
    for (const [w, s, e, n] of spots) addBox(tiles, [w - limits.margin, s - limits.margin, e + limits.margin, n + limits.margin], z);
    byZoom.set(z, tiles);
  }
  const dropped: number[] = [];
  const count = () => [...byZoom.values()].reduce((sum, m) => sum + m.size, 0);
  // Closest zoom first; never below the overview's last zoom.
  while (count() > limits.maxTiles && byZoom.size > 1) {
    const top = Math.max(...byZoom.keys());
    byZoom.delete(top);
    dropped.unshift(top);
  }
  const zooms = [...byZoom.keys()].sort((a, b) => a - b);
  const tiles = zooms.flatMap((z) => [...byZoom.get(z)!.values()]);
  return { tiles: tiles.slice(0, limits.maxTiles), zooms: [zooms[0]!, zooms.at(-1)!], dropped };
}

/** A tile template's URL for one tile ({z}, {x}, {y}, and {s} as the first subdomain when given). */
export function tileUrl(template: string, [z, x, y]: Tile, subdomains: readonly string[] = []): string {
  const s = subdomains.length ? subdomains[(x + y) % subdomains.length]! : '';
  return template.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y)).replace('{s}', s);
}
