import 'server-only';
/**
 * File names of demo scenes in each mission's real style (and the scene id: the file name itself).
 *   CRESDA (GF, ZY, CBERS):  GF1_PMS1_E114.6_N38.1_20250312_L1A0004623312
 *   GF-3:                    GF3_KAS_FSII_020345_E116.6_N39.9_20250312_L1A_HHHV_L10004623312
 *   Jilin-1 (Chang Guang):   JL1GF02A_PMS1_20250312031530_200045012_101_0019_001_L1
 *   SuperView-1:             SV1-03_20250312_L1A0000234562_1012001701010001
 *   Beijing-2 (TripleSat):   TRIPLESAT_2_PMS_L1_20250312033119_0023E5VI_006
 *   Landsat Collection 2:    LC09_L1TP_123033_20250312_20250320_02_T1
 *   Sentinel-2:              S2B_MSIL1C_20250312T030539_N0511_R075_T50SKH_20250312T050512
 *   Sentinel-1:              S1A_IW_GRDH_1SDV_20250312T101530_20250312T101555_058263_073456_ABCD
 */

const pad = (n: number, width: number) => String(Math.trunc(n)).padStart(width, '0');

/** 20250312 */
export const ymd = (t: number) => new Date(t).toISOString().slice(0, 10).replace(/-/g, '');
/** 20250312T030539 */
export const ymdThms = (t: number) => new Date(t).toISOString().slice(0, 19).replace(/[-:]/g, '');
/** 20250312030539 */
export const ymdhms = (t: number) => ymdThms(t).replace('T', '');

const coord = (lon: number, lat: number) =>
  `${lon >= 0 ? 'E' : 'W'}${Math.abs(lon).toFixed(1)}_${lat >= 0 ? 'N' : 'S'}${Math.abs(lat).toFixed(1)}`;

/** CRESDA style: `<sat>_<sensor>_E<lon>_N<lat>_<date>_<level><10-digit serial>`. */
export function cresdaName(prefix: string, sensor: string, lon: number, lat: number, t: number, level: string, serial: number): string {
  return `${prefix}_${sensor}_${coord(lon, lat)}_${ymd(t)}_${level}${pad(serial, 10)}`;
}

/** GF-3: receiving station, imaging mode, orbit, centre, date, level, polarisation, serial. */
export function gf3Name(
  station: string,
  mode: string,
  orbit: number,
  lon: number,
  lat: number,
  t: number,
  polarisation: string,
  serial: number,
): string {
  return `GF3_${station}_${mode}_${pad(orbit % 1_000_000, 6)}_${coord(lon, lat)}_${ymd(t)}_L1A_${polarisation}_L1${pad(serial, 10)}`;
}

/** Chang Guang: `<sat>_<camera>_<YYYYMMDDhhmmss>_<task>_101_<scene>_001_L1`. */
export function jilinName(satellite: string, camera: string, t: number, task: number, scene: number): string {
  return `${satellite}_${camera}_${ymdhms(t)}_${pad(task, 9)}_101_${pad(scene, 4)}_001_L1`;
}

/** SuperView-1: `SV1-0n_<date>_<level><10-digit serial>_<16-digit scene code>`. */
export function superviewName(unit: number, t: number, level: string, serial: number, code: string): string {
  return `SV1-${pad(unit, 2)}_${ymd(t)}_${level}${pad(serial, 10)}_${code}`;
}

/** Beijing-2 (TripleSat): `TRIPLESAT_<unit>_PMS_L1_<YYYYMMDDhhmmss>_<8-char strip>_<scene>`. */
export function tripleSatName(unit: number, t: number, strip: string, scene: number): string {
  return `TRIPLESAT_${unit}_PMS_L1_${ymdhms(t)}_${strip}_${pad(scene, 3)}`;
}

/** Landsat Collection 2 Level-1: `LC09_L1TP_<path><row>_<acquired>_<processed>_02_<tier>`. */
export function landsatName(
  satellite: string,
  level: string,
  path: number,
  row: number,
  t: number,
  processed: number,
  tier: 'T1' | 'T2',
): string {
  return `${satellite}_${level}_${pad(path, 3)}${pad(row, 3)}_${ymd(t)}_${ymd(processed)}_02_${tier}`;
}

/** Sentinel-2 L1C: `S2B_MSIL1C_<datatake start>_N<baseline>_R<relative orbit>_T<tile>_<processed>`. */
export function sentinel2Name(
  satellite: string,
  t: number,
  baseline: string,
  relativeOrbit: number,
  tile: string,
  processed: number,
): string {
  return `${satellite}_MSIL1C_${ymdThms(t)}_N${baseline}_R${pad(relativeOrbit, 3)}_T${tile}_${ymdThms(processed)}`;
}

/** Sentinel-1 GRD: `S1A_IW_GRDH_1SDV_<start>_<stop>_<absolute orbit>_<datatake hex>_<product hex>`. */
export function sentinel1Name(
  satellite: string,
  mode: string,
  start: number,
  stop: number,
  orbit: number,
  datatake: number,
  product: number,
): string {
  const hex = (n: number, w: number) => (n >>> 0).toString(16).toUpperCase().padStart(w, '0').slice(-w);
  return `${satellite}_${mode}_GRDH_1SDV_${ymdThms(start)}_${ymdThms(stop)}_${pad(orbit % 1_000_000, 6)}_${hex(datatake, 6)}_${hex(product, 4)}`;
}
