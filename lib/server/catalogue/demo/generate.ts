import 'server-only';
/**
 * The DEMO scene catalogue: a deterministic generator that propagates the missions' real TLEs
 * (data/satellites/eo_subset.tle) with SGP4 over a rolling two-year window and cuts scenes along the
 * passes over China and its neighbouring land — each sensor's swath and frame length, footprints turned
 * to the ground track's heading, daylight-only optical scenes with the sun's position stored, SAR day and
 * night without cloud, cloud cover from a seasonal/regional climate (climate.ts), file names in each
 * mission's style (names.ts).
 *
 * Count control: the real satellites would give millions of scenes, so each collection gets a quota of
 * the requested total (QUOTA weights: wide-swath and Landsat/Sentinel frequent, sub-metre sparse) and a
 * seeded PRNG picks which passes are imaged and how long each strip is. A collection that runs out of
 * passes (Landsat rows and Sentinel-2 tiles repeat at most once per pass) hands its shortfall to the
 * next, and the last collections (agile satellites, whose targets can be anywhere along a pass) always
 * fill up, so exactly `count` scenes come out.
 *
 * Same inputs (TLE text, launch dates, anchor, count, seed) ⇒ the same scenes, in the same order. The
 * output is a generator: a million scenes never sit in memory at once.
 */
import { mulberry32, type Rng } from '../../../shared/random';
import { COLLECTIONS, type CollectionSpec } from '../../../shared/catalogue/missions';
import { drawCloudPct } from './climate';
import { destination, sceneRing, type LonLat } from '../../../shared/geo/sphere';
import { CATALOGUE_BOX, onCatalogueLand } from './land';
import { mgrsTile } from './mgrs';
import { cresdaName, gf3Name, jilinName, landsatName, sentinel1Name, sentinel2Name, superviewName, tripleSatName } from './names';
import { findPasses, Orbit, parseTles, type Pass } from './orbit';
import { sunPosition } from '../../../shared/geo/sun';
import { OPTICAL_MIN_SUN_ELEVATION_DEG } from '../../../shared/satellites/model';

/** Bump when the generator's output changes for the same inputs (part of the dataset version). */
export const GENERATOR_VERSION = 'catalogue-demo-1';
/** Optical scenes are cut only where the sun stands at least this high at the scene centre (the orbital prediction's bound). */
export const MIN_SUN_ELEVATION = OPTICAL_MIN_SUN_ELEVATION_DEG;
export const WINDOW_MONTHS = 24;
/** Spacecraft start imaging this long after launch (commissioning). */
const COMMISSIONING_DAYS = 30;

const DAY_MS = 86_400_000;
const DEG = 180 / Math.PI;

export interface DemoScene {
  id: string;
  fileName: string;
  collection: string;
  satellite: string;
  sensor: string;
  platform: string;
  productLevel: string;
  resolutionM: number;
  /** Scene centre time, ms since 1970. */
  acquiredAt: number;
  cloudPct: number | null;
  orbitNumber: number;
  path: number | null;
  row: number | null;
  /** Closed counter-clockwise ring, WGS84. */
  ring: LonLat[];
  centre: LonLat;
  /** Ground-track heading at the scene, degrees clockwise from north. */
  heading: number;
  /** Cross-track width and along-track length of the footprint, km. */
  widthKm: number;
  lengthKm: number;
  sunElevation: number;
  sunAzimuth: number;
  offNadir: number;
  sizeMb: number;
  online: boolean;
  properties: Record<string, string | number | boolean>;
}

export interface CatalogueInputs {
  /** Three-line TLE text. */
  tleText: string;
  /** Launch date (YYYY-MM-DD) by NORAD number. */
  launches: ReadonlyMap<number, string>;
  /** End of the window (exclusive), ms; see `catalogueAnchor`. */
  anchor: number;
  count: number;
  seed?: number;
}

/**
 * The window ends at the first instant of the current UTC month, so every start within a month builds
 * the same catalogue, and the next month rolls it forward by one month.
 */
export function catalogueAnchor(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
}

export function windowStart(anchor: number): number {
  const a = new Date(anchor);
  return Date.UTC(a.getUTCFullYear(), a.getUTCMonth() - WINDOW_MONTHS, 1);
}

// ── Per-collection behaviour ────────────────────────────────────────────────────────────────────

type Naming = 'cresda' | 'gf3' | 'jilin' | 'superview' | 'triplesat' | 'landsat' | 'sentinel2' | 'sentinel1';

interface Behaviour {
  /** Share of the catalogue (normalised over the collections that have spacecraft). */
  weight: number;
  /** Scenes per imaged pass: a strip of `min`…`max` consecutive frames. */
  strip: [number, number];
  /** Cameras side by side across the swath, each its own scene of swath / cameras (GF-1 PMS1/2, WFV1–4). */
  cameras?: number;
  /** Agile pointing: the largest off-nadir angle, degrees (0 = nadir only). */
  agileDeg?: number;
  /** Right-looking radar: the look-angle range of the swath centre, degrees. */
  lookDeg?: [number, number];
  /** Nominal product size, MB. */
  sizeMb: number;
  naming: Naming;
  /** File-name prefix where it differs from the satellite code (`ZY02C`, `ZY1E`). */
  prefix?: string;
  /** Sensor code in file names where it differs (ZY-3 nadir camera products are `TMS`). */
  fileSensor?: string;
  /** Nominal repeat cycle, days: gives a CRESDA-style path (ground-track index) and row. */
  repeatDays?: number;
}

const B = (weight: number, strip: [number, number], sizeMb: number, naming: Naming, extra: Partial<Behaviour> = {}): Behaviour => ({
  weight,
  strip,
  sizeMb,
  naming,
  ...extra,
});

/**
 * Order matters: collections with a limited supply of distinct scenes come first, the agile ones that
 * can always find another target last (they absorb any shortfall).
 */
const BEHAVIOUR: Record<string, Behaviour> = {
  'lc08-oli_tirs': B(5, [2, 10], 980, 'landsat'),
  'lc09-oli_tirs': B(5, [2, 10], 980, 'landsat'),
  's2a-msi': B(4.5, [2, 10], 720, 'sentinel2'),
  's2b-msi': B(4.5, [2, 10], 720, 'sentinel2'),
  's2c-msi': B(3.5, [2, 10], 720, 'sentinel2'),
  's1a-iw': B(3, [2, 8], 1650, 'sentinel1', { lookDeg: [27, 31] }),
  's1c-iw': B(2.5, [2, 8], 1650, 'sentinel1', { lookDeg: [27, 31] }),
  'gf1-wfv': B(7, [2, 6], 950, 'cresda', { cameras: 4, repeatDays: 41 }),
  'gf6-wfv': B(7, [2, 6], 1400, 'cresda', { repeatDays: 41 }),
  'cb04a-wfi': B(2.5, [1, 4], 180, 'cresda', { repeatDays: 31 }),
  'cb04a-mux': B(2, [2, 10], 120, 'cresda', { repeatDays: 31 }),
  'cb04a-wpm': B(2, [2, 10], 1500, 'cresda', { repeatDays: 31 }),
  'gf1-pms': B(3.5, [3, 12], 880, 'cresda', { cameras: 2, repeatDays: 41 }),
  'gf1b-pms': B(2.5, [3, 12], 1050, 'cresda'),
  'gf1c-pms': B(2.5, [3, 12], 1050, 'cresda'),
  'gf1d-pms': B(2.5, [3, 12], 1050, 'cresda'),
  'gf6-pms': B(4, [3, 12], 2200, 'cresda', { repeatDays: 41 }),
  'zy302-nad': B(2.5, [3, 12], 700, 'cresda', { fileSensor: 'TMS', repeatDays: 59 }),
  'zy302-mux': B(2.5, [3, 12], 230, 'cresda', { repeatDays: 59 }),
  'zy303-nad': B(2.5, [3, 12], 700, 'cresda', { fileSensor: 'TMS', repeatDays: 59 }),
  'zy303-mux': B(2.5, [3, 12], 230, 'cresda', { repeatDays: 59 }),
  'zy1-02c-pms': B(1, [3, 10], 420, 'cresda', { prefix: 'ZY02C', repeatDays: 55 }),
  'zy1-02c-hrc': B(0.6, [3, 10], 800, 'cresda', { prefix: 'ZY02C', repeatDays: 55 }),
  'zy1-02d-vnic': B(2.3, [2, 8], 1300, 'cresda', { prefix: 'ZY1D', repeatDays: 55 }),
  'zy1-02d-ahsi': B(1, [1, 4], 2500, 'cresda', { prefix: 'ZY1D', repeatDays: 55 }),
  'zy1-02e-vnic': B(2.3, [2, 8], 1300, 'cresda', { prefix: 'ZY1E', repeatDays: 55 }),
  'zy1-02e-ahsi': B(1, [1, 4], 2500, 'cresda', { prefix: 'ZY1E', repeatDays: 55 }),
  'gf3-fsii': B(3, [2, 8], 1400, 'gf3', { lookDeg: [20, 45] }),
  'jl1-kf': B(1.5, [1, 4], 2600, 'jilin', { agileDeg: 30 }),
  'gf7-dlc': B(1, [2, 8], 3000, 'cresda', { agileDeg: 20 }),
  'gf2-pms': B(3, [2, 8], 1800, 'cresda', { cameras: 2, agileDeg: 35 }),
  'bj2-pms': B(1.2, [1, 4], 900, 'triplesat', { agileDeg: 35 }),
  'sv1-pms': B(0.8, [1, 3], 700, 'superview', { agileDeg: 35 }),
  'jl1-pms': B(3, [1, 3], 600, 'jilin', { agileDeg: 40 }),
};

export const DEMO_COLLECTION_ORDER: readonly string[] = Object.keys(BEHAVIOUR);

/** The collections the generator fills, in generation order, with their declarations. */
export function demoCollections(): { spec: CollectionSpec; behaviour: Behaviour }[] {
  return DEMO_COLLECTION_ORDER.map((id) => {
    const spec = COLLECTIONS.find((c) => c.id === id);
    if (!spec) throw new Error(`Demo catalogue: collection ${id} is not declared in missions.ts`);
    return { spec, behaviour: BEHAVIOUR[id]! };
  });
}

/** Footprint width of one scene: the swath, or one camera's part of it. */
export function sceneWidthKm(spec: CollectionSpec): number {
  return spec.sensor.swathKm / (BEHAVIOUR[spec.id]?.cameras ?? 1);
}

/** Splits `count` over the weights by largest remainder (ties by order): the quotas sum to `count`. */
export function planQuotas(count: number, weights: readonly number[]): number[] {
  const total = weights.reduce((a, b) => a + b, 0);
  if (total <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (count * w) / total);
  const quotas = exact.map(Math.floor);
  let left = count - quotas.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, r: x - Math.floor(x) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) quotas[order[k]!.i]!++;
  return quotas;
}

// ── Spacecraft ──────────────────────────────────────────────────────────────────────────────────

interface Craft {
  orbit: Orbit;
  norad: number;
  /** First and last time it may image. */
  from: number;
  to: number;
  /** SuperView / TripleSat unit number, Jilin-1 satellite code. */
  unit: string;
  passes?: Pass[];
}

/** Which spacecraft of a mission carry the sensor (Jilin-1: the KuanFu wide-field satellites carry `KF`). */
function carries(tleName: string, satellite: string, sensor: string): boolean {
  if (satellite !== 'JL1') return true;
  const wide = /KUANFU/.test(tleName);
  return sensor === 'KF' ? wide : !wide;
}

function jilinCode(tleName: string): string {
  const m = /GAOFEN\s*0?(\d)([A-Z]\w*)/.exec(tleName);
  if (m) return `JL1GF0${m[1]}${m[2]}`;
  const k = /KUANFU[\s-]*0?(\d)([A-Z]?)/.exec(tleName);
  return k ? `JL1KF0${k[1]}${k[2] || 'A'}` : 'JL1';
}

// ── Helpers ─────────────────────────────────────────────────────────────────────────────────────

export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

const between = (rng: Rng, lo: number, hi: number) => lo + rng() * (hi - lo);
const intBetween = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

function shuffle<T>(rng: Rng, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

function dayOfYear(t: number): number {
  const d = new Date(t);
  return Math.floor((t - Date.UTC(d.getUTCFullYear(), 0, 1)) / DAY_MS) + 1;
}

/** Longitude where the pass's orbit crosses the equator (after a descending pass, before an ascending one). */
function nodeLongitude(orbit: Orbit, pass: Pass): number | null {
  const dir = pass.ascending ? -1 : 1;
  let a = pass.ascending ? pass.start : pass.end;
  let pa = orbit.at(a);
  for (let k = 0; k < 40 && pa && pa.lat > 0; k++) {
    const b = a + dir * 60_000;
    const pb = orbit.at(b);
    if (!pb) return null;
    if (pb.lat <= 0) {
      let lo = a;
      let hi = b;
      for (let i = 0; i < 20; i++) {
        const mid = (lo + hi) / 2;
        const pm = orbit.at(mid);
        if (!pm) return null;
        if (pm.lat > 0) lo = mid;
        else hi = mid;
      }
      return orbit.at(hi)?.lon ?? null;
    }
    a = b;
    pa = pb;
  }
  return null;
}

/** WRS-2 path of a descending node longitude (path 1 crosses the equator at 64.6° W, paths 360/233° apart, numbered westward). */
export function wrs2Path(nodeLon: number): number {
  const west = (((-64.6 - nodeLon) % 360) + 360) % 360;
  return (Math.round(west / (360 / 233)) % 233) + 1;
}

/** WRS-2 row of a latitude on a descending pass (row 60 at the equator, 248 rows per orbit). */
export function wrs2Row(lat: number, inclinationDeg: number): number {
  const s = Math.max(-1, Math.min(1, Math.sin(lat / DEG) / Math.sin(inclinationDeg / DEG)));
  return Math.round(60 - (Math.asin(s) * DEG) / (360 / 248));
}

/** Latitude of a WRS-2 row centre on the descending branch. */
export function wrs2RowLatitude(row: number, inclinationDeg: number): number {
  return Math.asin(Math.sin(inclinationDeg / DEG) * Math.sin(((60 - row) * (360 / 248)) / DEG)) * DEG;
}

/** Time near `t` when the sub-satellite latitude is `lat` (two Newton steps along the track). */
function timeAtLatitude(orbit: Orbit, t: number, lat: number): number {
  let time = t;
  for (let i = 0; i < 2; i++) {
    const a = orbit.at(time - 5000);
    const b = orbit.at(time + 5000);
    if (!a || !b || a.lat === b.lat) return time;
    const rate = (b.lat - a.lat) / 10_000;
    time += (lat - (a.lat + b.lat) / 2) / rate;
  }
  return time;
}

// ── The generator ───────────────────────────────────────────────────────────────────────────────

/** Search box for passes: the catalogue box and a margin (scenes are still centred inside the box). */
const PASS_BOX = {
  west: CATALOGUE_BOX.west - 3,
  south: CATALOGUE_BOX.south - 3,
  east: CATALOGUE_BOX.east + 3,
  north: CATALOGUE_BOX.north + 3,
};

export function* generateCatalogue(inputs: CatalogueInputs): Generator<DemoScene, void, undefined> {
  const tles = parseTles(inputs.tleText);
  const end = inputs.anchor;
  const start = windowStart(end);
  const seed = inputs.seed ?? 1;
  const crafts = new Map<number, Craft>();
  const craftFor = (norad: number): Craft | null => {
    const cached = crafts.get(norad);
    if (cached) return cached;
    const tle = tles.get(norad);
    if (!tle) return null;
    const launch = inputs.launches.get(norad);
    const from = Math.max(start, launch ? Date.parse(launch) + COMMISSIONING_DAYS * DAY_MS : start);
    const craft: Craft = { orbit: new Orbit(tle), norad, from, to: end, unit: jilinCode(tle.name) };
    const sv = /SUPERVIEW-1 0(\d)/.exec(tle.name);
    if (sv) craft.unit = sv[1]!;
    const dmc = /DMC3-FM(\d)/.exec(tle.name);
    if (dmc) craft.unit = dmc[1]!;
    crafts.set(norad, craft);
    return craft;
  };
  const passesOf = (craft: Craft): Pass[] => {
    craft.passes ??= craft.from < craft.to ? findPasses(craft.orbit, craft.from, craft.to, PASS_BOX) : [];
    return craft.passes;
  };

  const collections = demoCollections().map((c) => ({
    ...c,
    crafts: c.spec.mission.norad
      .map(craftFor)
      .filter((k): k is Craft => k !== null && carries(k.orbit.tle.name, c.spec.mission.satellite, c.spec.sensor.code) && k.from < k.to),
  }));
  const active = collections.filter((c) => c.crafts.length > 0);
  const quotas = planQuotas(
    inputs.count,
    active.map((c) => c.behaviour.weight * (c.crafts.reduce((a, k) => a + (k.to - k.from), 0) / c.crafts.length / (end - start))),
  );

  let carry = 0;
  for (const [ci, collection] of active.entries()) {
    const quota = quotas[ci]! + carry;
    const made = yield* cutCollection(collection, quota, { seed, start, end, passesOf });
    carry = quota - made;
  }
  if (carry > 0) throw new Error(`Demo catalogue: ${carry} scene(s) short of ${inputs.count}`);
}

interface CutContext {
  seed: number;
  start: number;
  end: number;
  passesOf(craft: Craft): Pass[];
}

function* cutCollection(
  collection: { spec: CollectionSpec; behaviour: Behaviour; crafts: Craft[] },
  quota: number,
  ctx: CutContext,
): Generator<DemoScene, number, undefined> {
  if (quota <= 0) return 0;
  const { spec, behaviour, crafts } = collection;
  const { mission, sensor } = spec;
  const rng = mulberry32(hashString(`${GENERATOR_VERSION}:${spec.id}:${ctx.seed}`));
  const cameras = behaviour.cameras ?? 1;
  const widthKm = sensor.swathKm / cameras;
  const candidates: { craft: Craft; pass: Pass }[] = [];
  for (const craft of crafts) {
    for (const pass of ctx.passesOf(craft)) {
      if (!sensor.sar) {
        const mid = craft.orbit.at((pass.start + pass.end) / 2);
        if (!mid || sunPosition((pass.start + pass.end) / 2, mid.lon, mid.lat).elevation < MIN_SUN_ELEVATION - 15) continue;
      }
      candidates.push({ craft, pass });
    }
  }
  if (candidates.length === 0) return 0;
  const names = new Set<string>();
  const nodes = new Map<Pass, number | null>();
  let made = 0;
  let serial = 1_000_000 + (hashString(spec.id) % 3_000_000) * 1000;
  for (let cycle = 0; cycle < 60 && made < quota; cycle++) {
    const before = made;
    for (const { craft, pass } of shuffle(rng, candidates.slice())) {
      if (made >= quota) break;
      const orbit = craft.orbit;
      const mid = (pass.start + pass.end) / 2;
      const track = orbit.track(mid);
      if (!track || track.speedKmS <= 0) continue;
      const frameMs = (sensor.frameKm / track.speedKmS) * 1000;
      const frames = intBetween(rng, behaviour.strip[0], behaviour.strip[1]);
      const span = pass.end - pass.start + 120_000;
      const stripStart = pass.start - 60_000 + rng() * Math.max(0, span - frames * frameMs);
      // Pointing of the strip: agile satellites roll to a target, radars look right at a look angle.
      let offNadir = 0;
      let side = 1;
      if (behaviour.agileDeg) {
        offNadir = Math.min(behaviour.agileDeg, Math.abs(gaussian(rng)) * (behaviour.agileDeg / 2.5));
        side = rng() < 0.5 ? -1 : 1;
      } else if (behaviour.lookDeg) {
        offNadir = between(rng, behaviour.lookDeg[0], behaviour.lookDeg[1]);
      }
      let rowTimes: { t: number; row: number }[] | null = null;
      let node: number | null = null;
      if (behaviour.naming === 'landsat' || behaviour.repeatDays) {
        if (!nodes.has(pass)) nodes.set(pass, nodeLongitude(orbit, pass));
        node = nodes.get(pass) ?? null;
      }
      if (behaviour.naming === 'landsat') {
        // Landsat scenes sit on WRS-2 rows: the strip's frames are centred on consecutive row latitudes.
        if (pass.ascending || node === null) continue;
        const first = orbit.at(stripStart);
        if (!first) continue;
        const row0 = wrs2Row(first.lat, orbit.inclinationDeg);
        rowTimes = [];
        for (let k = 0; k < frames; k++) {
          const row = row0 + k;
          rowTimes.push({ row, t: timeAtLatitude(orbit, stripStart + k * frameMs, wrs2RowLatitude(row, orbit.inclinationDeg)) });
        }
      }
      const task = intBetween(rng, 200_000_000, 299_999_999);
      const strip = Math.floor(rng() * 36 ** 8)
        .toString(36)
        .toUpperCase()
        .padStart(8, '0');
      const datatake = Math.floor(rng() * 0xffffff);
      for (let k = 0; k < frames && made < quota; k++) {
        const t = Math.round(rowTimes ? rowTimes[k]!.t : stripStart + (k + 0.5) * frameMs);
        if (t < craft.from || t >= craft.to) continue;
        const sub = orbit.at(t);
        const tr = orbit.track(t);
        if (!sub || !tr) continue;
        const heading = tr.heading;
        const lookShift = offNadir > 0 ? sub.height * Math.tan(offNadir / DEG) * side : 0;
        for (let cam = 1; cam <= cameras && made < quota; cam++) {
          const across = lookShift + (cam - (cameras + 1) / 2) * widthKm;
          const centre = across === 0 ? { lon: sub.lon, lat: sub.lat } : destination(sub, heading + 90, across);
          if (!onCatalogueLand(centre.lon, centre.lat)) continue;
          const sun = sunPosition(t, centre.lon, centre.lat);
          if (!sensor.sar && sun.elevation < MIN_SUN_ELEVATION) continue;
          const cloudPct = sensor.sar ? null : drawCloudPct(rng, centre.lon, centre.lat, dayOfYear(t));
          const orbitNumber = orbit.revolution(t);
          let path: number | null = null;
          let row: number | null = null;
          const properties: DemoScene['properties'] = { demo: true };
          const cameraSensor = cameras > 1 ? `${behaviour.fileSensor ?? sensor.code}${cam}` : (behaviour.fileSensor ?? sensor.code);
          serial += 1 + Math.floor(rng() * 5);
          let fileName: string;
          switch (behaviour.naming) {
            case 'landsat': {
              path = wrs2Path(node!);
              row = rowTimes![k]!.row;
              const tier = cloudPct !== null && cloudPct > 75 && rng() < 0.6 ? 'T2' : 'T1';
              properties.tier = tier;
              fileName = landsatName(mission.satellite, sensor.productLevel, path, row, t, t + intBetween(rng, 6, 16) * DAY_MS, tier);
              break;
            }
            case 'sentinel2': {
              const offsets: Record<string, number> = { S2A: 2, S2B: 27, S2C: 2 };
              path = ((((orbitNumber - (offsets[mission.satellite] ?? 2)) % 143) + 143) % 143) + 1;
              const tile = mgrsTile(centre.lon, centre.lat);
              properties.tile = tile;
              properties.relativeOrbit = path;
              // One datatake per pass: the file name carries the strip's start, as real L1C names do.
              const takeStart = Math.round(stripStart / 1000) * 1000;
              fileName = sentinel2Name(mission.satellite, takeStart, '0511', path, tile, takeStart + intBetween(rng, 3600, 10800) * 1000);
              break;
            }
            case 'sentinel1': {
              const half = (frameMs / 2 / 1000) | 0;
              fileName = sentinel1Name(
                mission.satellite,
                sensor.code,
                t - half * 1000,
                t + half * 1000,
                orbitNumber,
                datatake,
                hashString(`${t}:${k}`) & 0xffff,
              );
              properties.polarisation = 'VV+VH';
              break;
            }
            case 'gf3': {
              const stations = ['MYN', 'KAS', 'SAY', 'MDJ'];
              const station = stations[centre.lon < 95 ? 1 : centre.lat < 26 ? 2 : centre.lon > 122 ? 3 : 0]!;
              fileName = gf3Name(station, sensor.code, orbitNumber, centre.lon, centre.lat, t, 'HHHV', serial);
              properties.polarisation = 'HH+HV';
              properties.station = station;
              break;
            }
            case 'jilin':
              fileName = jilinName(craft.unit, sensor.code === 'KF' ? `PMS${cam}` : `PMS${1 + (task % 2)}`, t, task, k + 1);
              break;
            case 'superview':
              fileName = superviewName(
                Number(craft.unit) || 3,
                t,
                sensor.productLevel,
                serial,
                String(hashString(`${t}`) % 1e8).padStart(8, '0') + String(task % 1e8).padStart(8, '0'),
              );
              break;
            case 'triplesat':
              fileName = tripleSatName(Number(craft.unit) || 1, t, strip, k + 1);
              break;
            default:
              fileName = cresdaName(
                behaviour.prefix ?? mission.satellite,
                cameraSensor,
                centre.lon,
                centre.lat,
                t,
                sensor.productLevel,
                serial,
              );
          }
          if (behaviour.repeatDays && node !== null) {
            // CRESDA-style reference grid: the track's index in the repeat cycle and the frame's index
            // along the orbit from the ascending node.
            const tracks = Math.round(orbit.revsPerDay * behaviour.repeatDays);
            const west = ((-node % 360) + 360) % 360;
            path = (Math.round(west / (360 / tracks)) % tracks) + 1;
            const u = pass.ascending
              ? Math.asin(Math.min(1, Math.abs(Math.sin(sub.lat / DEG) / Math.sin(orbit.inclinationDeg / DEG)))) * DEG
              : 180 - Math.asin(Math.min(1, Math.abs(Math.sin(sub.lat / DEG) / Math.sin(orbit.inclinationDeg / DEG)))) * DEG;
            row = Math.max(0, Math.round((u * 111.2) / sensor.frameKm));
          }
          if (names.has(fileName)) continue;
          names.add(fileName);
          const age = (ctx.end - t) / (ctx.end - ctx.start);
          const sceneOffNadir = round(Math.abs(Math.atan(Math.abs(across) / sub.height) * DEG), 2);
          made++;
          properties.heading = round(heading, 2);
          properties.norad = craft.norad;
          yield {
            id: fileName,
            fileName,
            collection: spec.id,
            satellite: mission.satellite,
            sensor: sensor.code,
            platform: mission.platform,
            productLevel: sensor.productLevel,
            resolutionM: sensor.resolutionM,
            acquiredAt: t,
            cloudPct,
            orbitNumber,
            path,
            row,
            ring: sceneRing(centre, heading, sensor.frameKm, widthKm).map((p) => ({ lon: round(p.lon, 6), lat: round(p.lat, 6) })),
            centre: { lon: round(centre.lon, 6), lat: round(centre.lat, 6) },
            heading,
            widthKm,
            lengthKm: sensor.frameKm,
            sunElevation: round(sun.elevation, 2),
            sunAzimuth: round(sun.azimuth, 2) % 360,
            offNadir: sceneOffNadir,
            sizeMb: round(behaviour.sizeMb * between(rng, 0.85, 1.15), 1),
            online: rng() >= 0.04 + 0.22 * age,
            properties,
          };
        }
      }
    }
    if (made === before) break;
  }
  return made;
}

function gaussian(rng: Rng): number {
  const u = Math.max(rng(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng());
}
