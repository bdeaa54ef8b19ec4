/**
 * Spherical geometry on the mean Earth radius: footprints of demo scenes and of predicted passes' swaths
 * (well under 0.5 % from the ellipsoid over a few hundred kilometres, plenty for both).
 */

export const EARTH_RADIUS_KM = 6371.0088;
const RAD = Math.PI / 180;
const DEG = 180 / Math.PI;

export interface LonLat {
  lon: number;
  lat: number;
}

/** The point `distanceKm` from `from` along the great circle leaving it at `bearingDeg` (clockwise from north). */
export function destination(from: LonLat, bearingDeg: number, distanceKm: number): LonLat {
  const d = distanceKm / EARTH_RADIUS_KM;
  const b = bearingDeg * RAD;
  const la1 = from.lat * RAD;
  const lo1 = from.lon * RAD;
  const la2 = Math.asin(Math.sin(la1) * Math.cos(d) + Math.cos(la1) * Math.sin(d) * Math.cos(b));
  const lo2 = lo1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(la1), Math.cos(d) - Math.sin(la1) * Math.sin(la2));
  return { lon: ((((lo2 * DEG + 540) % 360) + 360) % 360) - 180, lat: la2 * DEG };
}

/** Initial great-circle bearing from a to b, degrees in [0, 360). */
export function bearing(a: LonLat, b: LonLat): number {
  const la1 = a.lat * RAD;
  const la2 = b.lat * RAD;
  const dl = (b.lon - a.lon) * RAD;
  const y = Math.sin(dl) * Math.cos(la2);
  const x = Math.cos(la1) * Math.sin(la2) - Math.sin(la1) * Math.cos(la2) * Math.cos(dl);
  return (Math.atan2(y, x) * DEG + 360) % 360;
}

/** Great-circle distance, km (haversine). */
export function distanceKm(a: LonLat, b: LonLat): number {
  const dla = (b.lat - a.lat) * RAD;
  const dlo = (b.lon - a.lon) * RAD;
  const h = Math.sin(dla / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dlo / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Smallest signed difference a − b between two headings, degrees in (−180, 180]. */
export function headingDifference(a: number, b: number): number {
  const d = ((((a - b) % 360) + 540) % 360) - 180;
  return d === -180 ? 180 : d;
}

/**
 * A scene outline: `frameKm` along the track (heading `headingDeg`) by `widthKm` across it, centred on
 * `centre`. The front and back edges are great-circle segments perpendicular to the track, so the
 * cross-track width is exact and the along-track length exact on the centre line. Returned as a closed
 * ring, counter-clockwise in lon/lat, which is what OGC polygons' exteriors use.
 */
export function sceneRing(centre: LonLat, headingDeg: number, frameKm: number, widthKm: number): LonLat[] {
  const front = destination(centre, headingDeg, frameKm / 2);
  const back = destination(centre, headingDeg + 180, frameKm / 2);
  // Heading of the track at the front and back edge (the great circle turns a little over the frame).
  const frontHeading = (bearing(front, centre) + 180) % 360;
  const backHeading = bearing(back, centre);
  const frontRight = destination(front, frontHeading + 90, widthKm / 2);
  const frontLeft = destination(front, frontHeading - 90, widthKm / 2);
  const backRight = destination(back, backHeading + 90, widthKm / 2);
  const backLeft = destination(back, backHeading - 90, widthKm / 2);
  // Heading north: back-left is south-west, so SW → SE → NE → NW runs counter-clockwise; turning the
  // frame to any heading keeps the orientation.
  const ring = [backLeft, backRight, frontRight, frontLeft];
  return [...ring, ring[0]!];
}

/** Twice the signed area of a lon/lat ring (shoelace): positive = counter-clockwise. */
export function signedArea2(ring: readonly LonLat[]): number {
  let s = 0;
  for (let i = 0; i + 1 < ring.length; i++) s += ring[i]!.lon * ring[i + 1]!.lat - ring[i + 1]!.lon * ring[i]!.lat;
  return s;
}
