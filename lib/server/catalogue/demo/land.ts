import 'server-only';
/**
 * Where demo scenes are cut: China and the neighbouring land inside lon 73–135° E, lat 18–54° N. A coarse
 * hand-drawn coastline (about 0.5° accurate: mainland Asia from the Indian west coast to the Russian
 * Far East, Hainan, Taiwan and southern Japan) keeps scene centres off the open sea without a database
 * query, so the generator stays a pure function of its inputs.
 */

export const CATALOGUE_BOX = { west: 73, south: 18, east: 135, north: 54 } as const;

type Ring = readonly (readonly [number, number])[];

const MAINLAND: Ring = [
  [72.5, 17.5],
  [83.3, 17.5],
  [85.0, 19.3],
  [86.5, 20.0],
  [87.0, 21.5],
  [88.5, 21.7],
  [90.0, 21.9],
  [91.5, 22.5],
  [92.0, 21.3],
  [92.3, 20.7],
  [93.0, 20.0],
  [94.0, 18.8],
  [94.5, 17.5],
  [106.5, 17.5],
  [105.7, 19.0],
  [106.0, 20.0],
  [106.8, 20.8],
  [108.0, 21.5],
  [109.5, 21.5],
  [109.8, 20.5],
  [110.0, 20.3],
  [110.5, 20.3],
  [110.5, 21.2],
  [111.5, 21.5],
  [113.0, 22.1],
  [114.3, 22.3],
  [115.5, 22.7],
  [116.7, 23.2],
  [117.5, 23.8],
  [118.7, 24.6],
  [119.5, 25.5],
  [119.8, 26.5],
  [120.5, 27.3],
  [121.0, 28.2],
  [121.8, 29.2],
  [121.8, 30.0],
  [121.0, 30.7],
  [121.9, 31.1],
  [121.5, 32.0],
  [120.8, 32.8],
  [120.3, 34.3],
  [119.3, 34.8],
  [119.5, 35.6],
  [120.7, 36.2],
  [122.5, 36.9],
  [121.5, 37.5],
  [120.3, 37.6],
  [119.0, 37.2],
  [118.9, 38.0],
  [117.7, 38.7],
  [118.5, 39.2],
  [119.5, 39.8],
  [121.2, 40.9],
  [122.2, 40.5],
  [121.3, 39.5],
  [121.2, 38.8],
  [122.0, 39.2],
  [123.5, 39.8],
  [124.4, 40.0],
  [125.1, 39.5],
  [124.8, 38.5],
  [126.0, 37.7],
  [126.6, 37.0],
  [126.3, 35.0],
  [126.4, 34.4],
  [127.5, 34.6],
  [128.5, 34.8],
  [129.3, 35.3],
  [129.5, 36.5],
  [129.3, 37.5],
  [128.4, 38.6],
  [127.5, 39.7],
  [128.5, 40.3],
  [129.7, 40.9],
  [129.8, 41.7],
  [130.7, 42.3],
  [131.5, 42.8],
  [132.5, 43.1],
  [133.5, 42.9],
  [135.5, 43.8],
  [135.5, 54.5],
  [72.5, 54.5],
];
const HAINAN: Ring = [
  [108.6, 19.2],
  [109.2, 18.4],
  [110.0, 18.2],
  [111.0, 19.6],
  [110.8, 20.1],
  [110.0, 20.1],
  [108.7, 19.8],
];
const TAIWAN: Ring = [
  [120.1, 23.0],
  [120.7, 22.0],
  [121.5, 22.8],
  [122.0, 25.0],
  [121.5, 25.3],
  [120.8, 24.8],
  [120.1, 23.7],
];
const JAPAN_WEST: Ring = [
  [129.7, 33.5],
  [130.2, 31.3],
  [131.3, 31.3],
  [132.0, 32.8],
  [131.9, 33.9],
  [133.0, 33.9],
  [134.7, 33.8],
  [135.5, 33.5],
  [135.5, 35.7],
  [133.0, 35.6],
  [131.5, 34.7],
  [130.9, 34.3],
];
const LAND: readonly Ring[] = [MAINLAND, HAINAN, TAIWAN, JAPAN_WEST];

function inRing(ring: Ring, lon: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export function inCatalogueBox(lon: number, lat: number): boolean {
  return lon >= CATALOGUE_BOX.west && lon <= CATALOGUE_BOX.east && lat >= CATALOGUE_BOX.south && lat <= CATALOGUE_BOX.north;
}

/** True where a demo scene may be centred: inside the box and on land. */
export function onCatalogueLand(lon: number, lat: number): boolean {
  return inCatalogueBox(lon, lat) && LAND.some((ring) => inRing(ring, lon, lat));
}
