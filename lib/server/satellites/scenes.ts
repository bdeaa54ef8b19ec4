import 'server-only';
/**
 * DEMO scene metadata for the typical-image pages. No imagery of these satellites ships with the portal,
 * so each page lists scenes generated here: deterministic (seeded by the satellite's slug), centred on
 * real counties, named like CRESDA products (satellite_sensor_Elon_Nlat_date_L1Aserial), with the
 * sensor's resolution and scene size. Every row is stored with demo = true and labelled on the page.
 */
import { mulberry32 } from '../../shared/random';
import type { SatelliteRecord } from '../../shared/satellites/data-file';

export interface County {
  code: string;
  lon: number;
  lat: number;
}

export interface DemoScene {
  sceneId: string;
  slug: string;
  sensor: string;
  acquiredOn: string;
  regionCode: string;
  cloudPct: number | null;
  resolutionM: number;
  /** WKT polygon (WGS84). */
  footprintWkt: string;
}

export const SCENES_PER_SATELLITE = 12;
/** Latest acquisition date of a demo scene (before the TLE snapshot the pages show). */
export const LAST_SCENE_DATE = '2026-06-30';
/** Ground-track heading of a descending sun-synchronous pass over China, degrees from north (approx.). */
const DESCENDING_HEADING_DEG = 192;

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

const DAY_MS = 86_400_000;
const fmt = (n: number, digits: number) => n.toFixed(digits);

/** A square footprint of `sideKm` centred on (lon, lat), turned to the ground-track heading. */
export function footprint(lon: number, lat: number, sideKm: number, headingDeg: number): [number, number][] {
  const half = sideKm / 2;
  const kmPerDegLat = 110.574;
  const kmPerDegLon = 111.32 * Math.cos((lat * Math.PI) / 180);
  const theta = (headingDeg * Math.PI) / 180;
  const corners: [number, number][] = [
    [-half, half],
    [half, half],
    [half, -half],
    [-half, -half],
  ].map(([x, y]) => {
    // Rotate (east, north) kilometres clockwise by the heading, then convert to degrees.
    const east = x! * Math.cos(theta) + y! * Math.sin(theta);
    const north = -x! * Math.sin(theta) + y! * Math.cos(theta);
    return [Number(fmt(lon + east / kmPerDegLon, 5)), Number(fmt(lat + north / kmPerDegLat, 5))];
  });
  return [...corners, corners[0]!];
}

/** The demo scenes of one typical-image satellite; counties sorted by code so the result is stable. */
export function generateScenes(satellite: SatelliteRecord, counties: readonly County[]): DemoScene[] {
  const imagery = satellite.imagery;
  if (!imagery || counties.length === 0) return [];
  const random = mulberry32(hashString(`scenes:${satellite.slug}`));
  const launches = satellite.members.map((m) => m.launchDate).filter((d): d is string => d !== null);
  const first = launches.length ? Date.parse(launches.sort()[0]!) : Date.parse('2020-01-01');
  const start = first + 90 * DAY_MS;
  const end = Date.parse(LAST_SCENE_DATE);
  const geostationary = satellite.orbit.type === 'geo';
  const scenes: DemoScene[] = [];
  const ids = new Set<string>();
  while (scenes.length < SCENES_PER_SATELLITE) {
    const product = imagery.products[Math.floor(random() * imagery.products.length)]!;
    const county = counties[Math.floor(random() * counties.length)]!;
    const day = new Date(start + Math.floor(random() * ((end - start) / DAY_MS)) * DAY_MS);
    const date = day.toISOString().slice(0, 10);
    const serial = String(Math.floor(random() * 1e10)).padStart(10, '0');
    const sceneId = `${product.prefix}_${product.sensor}_E${fmt(county.lon, 1)}_N${fmt(county.lat, 1)}_${date.replace(/-/g, '')}_L1A${serial}`;
    // Optical cloud cover leans towards clear scenes (the ones a catalogue would show as typical).
    const cloudPct = product.optical ? Number(fmt(Math.min(95, -Math.log(1 - random() * 0.999) * 9), 1)) : null;
    if (ids.has(sceneId)) continue;
    ids.add(sceneId);
    const ring = footprint(county.lon, county.lat, product.sceneKm, geostationary ? 0 : DESCENDING_HEADING_DEG);
    scenes.push({
      sceneId,
      slug: satellite.slug,
      sensor: product.sensor,
      acquiredOn: date,
      regionCode: county.code,
      cloudPct,
      resolutionM: product.resolutionM,
      footprintWkt: `POLYGON((${ring.map(([x, y]) => `${x} ${y}`).join(', ')}))`,
    });
  }
  return scenes.sort((a, b) => b.acquiredOn.localeCompare(a.acquiredOn) || a.sceneId.localeCompare(b.sceneId));
}
