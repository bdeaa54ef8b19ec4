/**
 * GCJ-02 ("Mars coordinates", the obfuscated datum Chinese map providers such as Amap publish) ⇄ WGS84.
 * The forward transform is the widely published reverse-engineered formula; the inverse has no closed
 * form, so it is solved by fixed-point iteration. Outside China's bounding rectangle both directions
 * are the identity, as in every standard implementation.
 */

/** Krasovsky 1940 ellipsoid, which the GCJ-02 formula is written against. */
const SEMI_MAJOR_AXIS = 6378245.0;
const ECCENTRICITY_SQUARED = 0.00669342162296594323;
/** 1e-10° ≈ 0.01 mm: far below the 0.01 m the inverse promises. */
const INVERSE_TOLERANCE_DEG = 1e-10;
const INVERSE_MAX_ITERATIONS = 30;

export function isOutsideChina(lon: number, lat: number): boolean {
  return lon < 72.004 || lon > 137.8347 || lat < 0.8293 || lat > 55.8271;
}

function latitudeOffset(x: number, y: number): number {
  let offset = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * Math.sqrt(Math.abs(x));
  offset += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  offset += ((20.0 * Math.sin(y * Math.PI) + 40.0 * Math.sin((y / 3.0) * Math.PI)) * 2.0) / 3.0;
  offset += ((160.0 * Math.sin((y / 12.0) * Math.PI) + 320.0 * Math.sin((y * Math.PI) / 30.0)) * 2.0) / 3.0;
  return offset;
}

function longitudeOffset(x: number, y: number): number {
  let offset = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * Math.sqrt(Math.abs(x));
  offset += ((20.0 * Math.sin(6.0 * x * Math.PI) + 20.0 * Math.sin(2.0 * x * Math.PI)) * 2.0) / 3.0;
  offset += ((20.0 * Math.sin(x * Math.PI) + 40.0 * Math.sin((x / 3.0) * Math.PI)) * 2.0) / 3.0;
  offset += ((150.0 * Math.sin((x / 12.0) * Math.PI) + 300.0 * Math.sin((x / 30.0) * Math.PI)) * 2.0) / 3.0;
  return offset;
}

/** The GCJ-02 shift, in degrees, at a WGS84 position inside China. */
function shiftAt(lon: number, lat: number): [number, number] {
  const x = lon - 105.0;
  const y = lat - 35.0;
  const radLat = (lat / 180.0) * Math.PI;
  const sinLat = Math.sin(radLat);
  const magic = 1 - ECCENTRICITY_SQUARED * sinLat * sinLat;
  const sqrtMagic = Math.sqrt(magic);
  const dLat = (latitudeOffset(x, y) * 180.0) / (((SEMI_MAJOR_AXIS * (1 - ECCENTRICITY_SQUARED)) / (magic * sqrtMagic)) * Math.PI);
  const dLon = (longitudeOffset(x, y) * 180.0) / ((SEMI_MAJOR_AXIS / sqrtMagic) * Math.cos(radLat) * Math.PI);
  return [dLon, dLat];
}

/** WGS84 → GCJ-02, [longitude, latitude] in degrees. */
export function wgs84ToGcj02(lon: number, lat: number): [number, number] {
  if (isOutsideChina(lon, lat)) return [lon, lat];
  const [dLon, dLat] = shiftAt(lon, lat);
  return [lon + dLon, lat + dLat];
}

/**
 * GCJ-02 → WGS84, [longitude, latitude] in degrees: the WGS84 point whose forward transform lands on
 * the input (the shift varies slowly, so each step of `w ← w − (f(w) − gcj)` gains several digits).
 */
export function gcj02ToWgs84(lon: number, lat: number): [number, number] {
  if (isOutsideChina(lon, lat)) return [lon, lat];
  let wLon = lon;
  let wLat = lat;
  for (let i = 0; i < INVERSE_MAX_ITERATIONS; i++) {
    const [gLon, gLat] = wgs84ToGcj02(wLon, wLat);
    const errLon = gLon - lon;
    const errLat = gLat - lat;
    if (Math.abs(errLon) < INVERSE_TOLERANCE_DEG && Math.abs(errLat) < INVERSE_TOLERANCE_DEG) break;
    wLon -= errLon;
    wLat -= errLat;
  }
  return [wLon, wLat];
}
