/**
 * Measurement on the sphere for the map's measure tools: lengths of polylines and areas of polygons
 * whose edges are great-circle arcs, on a sphere of the Earth's mean radius.
 */

/** IUGG mean Earth radius, metres. */
export const EARTH_MEAN_RADIUS = 6_371_008.8;

/** A point as [longitude, latitude] in degrees (GeoJSON order). */
export type LonLat = readonly [number, number];

const RAD = Math.PI / 180;

/** Great-circle distance between two points (haversine), metres. */
export function haversineDistance(a: LonLat, b: LonLat): number {
  const phi1 = a[1] * RAD;
  const phi2 = b[1] * RAD;
  const dPhi = phi2 - phi1;
  const dLambda = (b[0] - a[0]) * RAD;
  const h = Math.sin(dPhi / 2) ** 2 + Math.cos(phi1) * Math.cos(phi2) * Math.sin(dLambda / 2) ** 2;
  return 2 * EARTH_MEAN_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Length of a polyline, metres (0 for fewer than two points). */
export function polylineLength(points: readonly LonLat[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += haversineDistance(points[i - 1]!, points[i]!);
  return total;
}

/**
 * Signed spherical excess between the arc a→b and the equator (GeographicLib's formula for a
 * geodesic polygon on a sphere); summed over a closed ring it gives the enclosed area.
 */
function edgeExcess(a: LonLat, b: LonLat): number {
  let dLambda = (b[0] - a[0]) * RAD;
  // Take the short way round when an edge crosses the antimeridian.
  if (dLambda > Math.PI) dLambda -= 2 * Math.PI;
  if (dLambda < -Math.PI) dLambda += 2 * Math.PI;
  const t1 = Math.tan((a[1] * RAD) / 2);
  const t2 = Math.tan((b[1] * RAD) / 2);
  return 2 * Math.atan2(Math.tan(dLambda / 2) * (t1 + t2), 1 + t1 * t2);
}

/**
 * Area of a polygon ring on the sphere, square metres. The ring may be open or closed and wound
 * either way; fewer than three distinct points enclose nothing. The polygon must not contain a pole.
 */
export function polygonArea(ring: readonly LonLat[]): number {
  if (ring.length < 3) return 0;
  let excess = 0;
  for (let i = 0; i < ring.length; i++) excess += edgeExcess(ring[i]!, ring[(i + 1) % ring.length]!);
  return Math.abs(excess) * EARTH_MEAN_RADIUS ** 2;
}

function formatNumber(value: number, locale: string, fractionDigits: number): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: fractionDigits, minimumFractionDigits: fractionDigits }).format(value);
}

/** Fraction digits that keep about three significant figures without going below a unit. */
function digitsFor(value: number): number {
  if (value < 10) return 2;
  if (value < 100) return 1;
  return 0;
}

/** A length for people: metres under one kilometre, kilometres above (`850 m`, `12.4 km`). */
export function formatDistance(metres: number, locale: string): string {
  if (metres < 1000) return `${formatNumber(metres, locale, metres < 10 ? 1 : 0)} m`;
  const km = metres / 1000;
  return `${formatNumber(km, locale, digitsFor(km))} km`;
}

/** An area for people: m² under a hectare, ha under a square kilometre, km² above. */
export function formatArea(squareMetres: number, locale: string): string {
  if (squareMetres < 10_000) return `${formatNumber(squareMetres, locale, 0)} m²`;
  if (squareMetres < 1_000_000) {
    const ha = squareMetres / 10_000;
    return `${formatNumber(ha, locale, digitsFor(ha))} ha`;
  }
  const km2 = squareMetres / 1_000_000;
  return `${formatNumber(km2, locale, digitsFor(km2))} km²`;
}
