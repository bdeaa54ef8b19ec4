import 'server-only';
/**
 * The MGRS 100 km square of a point (the Sentinel-2 tile code, e.g. `50SKH`): UTM zone, latitude band
 * and the two square letters, from the standard transverse Mercator series on WGS84.
 */

const A = 6378137;
const F = 1 / 298.257223563;
const K0 = 0.9996;
const E2 = F * (2 - F);
const EP2 = E2 / (1 - E2);
const RAD = Math.PI / 180;
const BANDS = 'CDEFGHJKLMNPQRSTUVWX';
const COLUMN_SETS = ['STUVWXYZ', 'ABCDEFGH', 'JKLMNPQR'];
const ROWS = 'ABCDEFGHJKLMNPQRSTUV';

export function utm(lon: number, lat: number): { zone: number; easting: number; northing: number } {
  const zone = Math.min(60, Math.floor((lon + 180) / 6) + 1);
  const lon0 = (zone - 1) * 6 - 180 + 3;
  const phi = lat * RAD;
  const n = A / Math.sqrt(1 - E2 * Math.sin(phi) ** 2);
  const t = Math.tan(phi) ** 2;
  const c = EP2 * Math.cos(phi) ** 2;
  const a = Math.cos(phi) * (lon - lon0) * RAD;
  const m =
    A *
    ((1 - E2 / 4 - (3 * E2 ** 2) / 64 - (5 * E2 ** 3) / 256) * phi -
      ((3 * E2) / 8 + (3 * E2 ** 2) / 32 + (45 * E2 ** 3) / 1024) * Math.sin(2 * phi) +
      ((15 * E2 ** 2) / 256 + (45 * E2 ** 3) / 1024) * Math.sin(4 * phi) -
      ((35 * E2 ** 3) / 3072) * Math.sin(6 * phi));
  const easting = K0 * n * (a + ((1 - t + c) * a ** 3) / 6 + ((5 - 18 * t + t ** 2 + 72 * c - 58 * EP2) * a ** 5) / 120) + 500000;
  let northing =
    K0 *
    (m +
      n *
        Math.tan(phi) *
        (a ** 2 / 2 + ((5 - t + 9 * c + 4 * c ** 2) * a ** 4) / 24 + ((61 - 58 * t + t ** 2 + 600 * c - 330 * EP2) * a ** 6) / 720));
  if (lat < 0) northing += 10_000_000;
  return { zone, easting, northing };
}

export function mgrsTile(lon: number, lat: number): string {
  const { zone, easting, northing } = utm(lon, lat);
  const band = BANDS[Math.max(0, Math.min(19, Math.floor((lat + 80) / 8)))]!;
  const column = COLUMN_SETS[zone % 3]![Math.floor(easting / 100000) - 1] ?? 'Z';
  const rowIndex = (Math.floor(northing / 100000) + (zone % 2 === 0 ? 5 : 0)) % 20;
  return `${String(zone).padStart(2, '0')}${band}${column}${ROWS[rowIndex]}`;
}
