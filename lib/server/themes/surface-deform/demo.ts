import 'server-only';
/**
 * Demo data of the surface deformation theme (ADR 0015), generated deterministically and without a
 * database (the seed step, demo-seed.ts, stores it and finds each cell's county):
 *
 * - Rate fields: sums of Gaussian subsidence bowls where land subsidence from groundwater pumping is
 *   documented — the North China Plain (Beijing's Chaoyang and Tongzhou, Tianjin's Wuqing and Jinghai,
 *   Cangzhou, Hengshui), Xi'an, Shanghai and Taiyuan — with peaks of −30 to −110 mm/a, a small uplift where
 *   Xi'an's aquifers recover, a gentle regional trend and a millimetre of noise; near zero elsewhere.
 * - Cells: Web-Mercator level-14 tiles over a window around each city, each with a displacement series
 *   (2019–2024, one epoch every 24 days: 92 values) of a linear trend, a seasonal term that grows with the
 *   rate (aquifers recharge in summer), and 2 mm of noise. The stored rate is the series' least-squares
 *   slope, so the map and the clicked series agree.
 * - Products: Sentinel-1 (IW, yearly SBAS stacks 2019–2024, ~250 × 170 km frames, six-day repeat until
 *   S1B failed at the end of 2021, twelve after) and LuTan-1 (stripmap, 2022–2024, ~100 × 80 km) stacks on
 *   ascending and descending tracks over each city, with realistic footprints, dates and file names.
 */
import { mulberry32, normal, type Rng } from '../../../shared/random';

export const DEFORM_GENERATOR_VERSION = 'deform-demo-v1';

/** Tile level of the stored cells (the theme's rateGrid.cellLevel). */
export const CELL_LEVEL = 14;
const N = 2 ** CELL_LEVEL;

export const SERIES_START = '2019-01-06';
export const SERIES_STEP_DAYS = 24;
export const SERIES_EPOCHS = 92;

interface Bowl {
  lon: number;
  lat: number;
  /** mm/a at the centre (negative: subsidence). */
  peak: number;
  /** e-folding radius, km (east–west and north–south). */
  sx: number;
  sy: number;
}

interface Site {
  key: string;
  /** Cell window [west, south, east, north]. */
  window: readonly [number, number, number, number];
  bowls: readonly Bowl[];
  /** Sentinel-1 tracks over the site: relative orbit, pass, frame number. */
  s1: readonly { track: number; pass: 'ASC' | 'DESC'; frame: number; offset: [number, number] }[];
  lt1: readonly { track: number; pass: 'ASC' | 'DESC'; frame: number; offset: [number, number] }[];
}

/** Bowls placed after published InSAR studies (locations and orders of magnitude, not values). */
export const DEFORM_SITES: readonly Site[] = [
  {
    key: 'beijing',
    window: [116.2, 39.65, 116.95, 40.25],
    bowls: [
      { lon: 116.55, lat: 39.95, peak: -110, sx: 7, sy: 6 }, // Chaoyang: Jinzhan, Laiguangying
      { lon: 116.72, lat: 39.86, peak: -90, sx: 6, sy: 7 }, // Tongzhou
      { lon: 116.35, lat: 40.12, peak: -45, sx: 5, sy: 4 }, // Changping: Shahe
    ],
    s1: [
      { track: 142, pass: 'ASC', frame: 124, offset: [-0.4, 0.3] },
      { track: 47, pass: 'DESC', frame: 468, offset: [0.5, -0.2] },
    ],
    lt1: [{ track: 53, pass: 'DESC', frame: 86, offset: [0.05, 0] }],
  },
  {
    key: 'tianjin',
    window: [116.75, 38.8, 117.75, 39.55],
    bowls: [
      { lon: 117.05, lat: 39.38, peak: -80, sx: 8, sy: 7 }, // Wuqing
      { lon: 116.93, lat: 38.95, peak: -70, sx: 7, sy: 6 }, // Jinghai
      { lon: 117.4, lat: 39.05, peak: -35, sx: 6, sy: 5 }, // Jinnan, Binhai
    ],
    s1: [
      { track: 142, pass: 'ASC', frame: 123, offset: [0.2, 0.4] },
      { track: 149, pass: 'DESC', frame: 471, offset: [-0.3, 0.1] },
    ],
    lt1: [{ track: 53, pass: 'DESC', frame: 88, offset: [0, 0] }],
  },
  {
    key: 'cangzhou',
    window: [116.5, 38.0, 117.2, 38.6],
    bowls: [{ lon: 116.85, lat: 38.3, peak: -85, sx: 9, sy: 8 }],
    s1: [
      { track: 69, pass: 'ASC', frame: 119, offset: [0.3, 0.2] },
      { track: 149, pass: 'DESC', frame: 474, offset: [-0.2, -0.3] },
    ],
    lt1: [],
  },
  {
    key: 'hengshui',
    window: [115.3, 37.45, 116.0, 38.05],
    bowls: [
      { lon: 115.62, lat: 37.75, peak: -75, sx: 10, sy: 8 }, // Jizhou, Taocheng
      { lon: 115.82, lat: 37.62, peak: -40, sx: 5, sy: 5 },
    ],
    s1: [
      { track: 69, pass: 'ASC', frame: 117, offset: [0.2, 0.1] },
      { track: 47, pass: 'DESC', frame: 476, offset: [0.1, 0.2] },
    ],
    lt1: [{ track: 127, pass: 'ASC', frame: 79, offset: [0, 0] }],
  },
  {
    key: 'xian',
    window: [108.75, 34.1, 109.25, 34.5],
    bowls: [
      { lon: 108.98, lat: 34.21, peak: -60, sx: 4, sy: 3 }, // Yuhuazhai, south suburbs
      { lon: 109.07, lat: 34.27, peak: -45, sx: 3, sy: 3 }, // Qujiang, Dayanta
      { lon: 108.94, lat: 34.38, peak: 12, sx: 5, sy: 4 }, // northern uplift: recovering aquifers
    ],
    s1: [
      { track: 84, pass: 'ASC', frame: 106, offset: [0.2, 0] },
      { track: 164, pass: 'DESC', frame: 489, offset: [-0.3, 0.1] },
    ],
    lt1: [{ track: 41, pass: 'ASC', frame: 64, offset: [0, 0] }],
  },
  {
    key: 'shanghai',
    window: [121.2, 30.95, 121.75, 31.4],
    bowls: [
      { lon: 121.45, lat: 31.2, peak: -30, sx: 7, sy: 6 }, // central urban area
      { lon: 121.62, lat: 31.05, peak: -22, sx: 4, sy: 4 }, // Pudong: Kangqiao
    ],
    s1: [
      { track: 171, pass: 'ASC', frame: 97, offset: [0.3, 0.2] },
      { track: 156, pass: 'DESC', frame: 495, offset: [-0.2, -0.1] },
    ],
    lt1: [],
  },
  {
    key: 'taiyuan',
    window: [112.35, 37.6, 112.7, 38.0],
    bowls: [
      { lon: 112.55, lat: 37.72, peak: -70, sx: 4, sy: 5 }, // Xiaodian
      { lon: 112.47, lat: 37.88, peak: -30, sx: 3, sy: 3 },
    ],
    s1: [
      { track: 11, pass: 'ASC', frame: 116, offset: [0.1, 0.3] },
      { track: 120, pass: 'DESC', frame: 478, offset: [-0.1, 0.2] },
    ],
    lt1: [{ track: 88, pass: 'DESC', frame: 82, offset: [0, 0] }],
  },
];

const KM_PER_DEG_LAT = 111.32;
const kmPerDegLon = (lat: number) => KM_PER_DEG_LAT * Math.cos((lat * Math.PI) / 180);

export const tileX = (lon: number) => Math.floor(((lon + 180) / 360) * N);
export const tileY = (lat: number) => {
  const r = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * N);
};
const tileLon = (x: number) => (x / N) * 360 - 180;
const tileLat = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / N))) * 180) / Math.PI;

/** [west, south, east, north] of a tile. */
export function tileBounds(x: number, y: number): [number, number, number, number] {
  return [tileLon(x), tileLat(y + 1), tileLon(x + 1), tileLat(y)];
}

/** The rate field (mm/a) of a site at a point, before noise. */
export function bowlRate(bowls: readonly Bowl[], lon: number, lat: number): number {
  let v = 0;
  for (const b of bowls) {
    const dx = (lon - b.lon) * kmPerDegLon(b.lat);
    const dy = (lat - b.lat) * KM_PER_DEG_LAT;
    v += b.peak * Math.exp(-0.5 * ((dx / b.sx) ** 2 + (dy / b.sy) ** 2));
  }
  return v;
}

export interface DemoCell {
  x: number;
  y: number;
  bounds: [number, number, number, number];
  rate: number;
  coherence: number;
  series: number[];
}

/** Least-squares slope of a series per year. */
function slopePerYear(series: readonly number[]): number {
  const n = series.length;
  const years = series.map((_, i) => (i * SERIES_STEP_DAYS) / 365.25);
  const mt = years.reduce((a, b) => a + b, 0) / n;
  const mv = series.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i++) {
    num += (years[i]! - mt) * (series[i]! - mv);
    den += (years[i]! - mt) ** 2;
  }
  return num / den;
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** Slow, smooth variation (a few sines with site-seeded phases): the regional trend and orbit residuals. */
function smoothNoise(rng: Rng): (lon: number, lat: number) => number {
  const terms = Array.from({ length: 3 }, () => ({ kx: 2 + rng() * 6, ky: 2 + rng() * 6, phase: rng() * 2 * Math.PI, amp: 0.4 + rng() * 0.6 }));
  return (lon, lat) => terms.reduce((v, t) => v + t.amp * Math.sin(t.kx * lon + t.ky * lat + t.phase), 0);
}

/** A site's cells: every tile of its window, in (y, x) order. */
export function siteCells(site: Site, seed: number): DemoCell[] {
  const rng = mulberry32(seed);
  const regional = smoothNoise(rng);
  const [w, s, e, n] = site.window;
  const cells: DemoCell[] = [];
  for (let y = tileY(n); y <= tileY(s); y++) {
    for (let x = tileX(w); x <= tileX(e); x++) {
      const bounds = tileBounds(x, y);
      const lon = (bounds[0] + bounds[2]) / 2;
      const lat = (bounds[1] + bounds[3]) / 2;
      const trend = bowlRate(site.bowls, lon, lat) + regional(lon, lat) + 0.8 * normal(rng);
      // Clay layers drain and refill with the seasons: the swing grows with the subsidence.
      const amplitude = 1.5 + 0.06 * Math.abs(trend);
      const phase = 0.55 + 0.05 * normal(rng); // summer recharge lifts the ground in July–August
      const series: number[] = [];
      for (let i = 0; i < SERIES_EPOCHS; i++) {
        const years = (i * SERIES_STEP_DAYS) / 365.25;
        const seasonal = amplitude * (Math.sin(2 * Math.PI * (years - phase)) - Math.sin(-2 * Math.PI * phase));
        series.push(i === 0 ? 0 : round1(trend * years + seasonal + 2 * normal(rng)));
      }
      const coherence = Math.round(Math.min(0.98, Math.max(0.35, 0.78 + 0.1 * normal(rng))) * 100) / 100;
      cells.push({ x, y, bounds, rate: round1(slopePerYear(series)), coherence, series });
    }
  }
  return cells;
}

export interface DemoProduct {
  id: string;
  fileName: string;
  mission: 'S1' | 'LT1';
  satellite: string;
  pass: 'ASC' | 'DESC';
  track: number;
  frame: number;
  dateStart: string;
  dateEnd: string;
  epochs: number;
  /** Closed ring, lon/lat. */
  ring: [number, number][];
  sizeMb: number;
}

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const compact = (iso: string) => iso.replaceAll('-', '');

/** A frame's footprint: a rectangle along the ground track (heading ~ −12° ascending, ~192° descending). */
function frameRing(centre: [number, number], lengthKm: number, widthKm: number, pass: 'ASC' | 'DESC'): [number, number][] {
  const heading = ((pass === 'ASC' ? -12 : 192) * Math.PI) / 180;
  const along: [number, number] = [Math.sin(heading), Math.cos(heading)];
  const across: [number, number] = [Math.cos(heading), -Math.sin(heading)];
  const corners = [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ].map(([a, c]) => {
    const dx = (a! * lengthKm) / 2 * along[0] + (c! * widthKm) / 2 * across[0];
    const dy = (a! * lengthKm) / 2 * along[1] + (c! * widthKm) / 2 * across[1];
    const lat = centre[1] + dy / KM_PER_DEG_LAT;
    return [Math.round((centre[0] + dx / kmPerDegLon(centre[1])) * 1e5) / 1e5, Math.round(lat * 1e5) / 1e5] as [number, number];
  });
  // Counter-clockwise, closed.
  const ring = corners[0]![0] * corners[1]![1] - corners[1]![0] * corners[0]![1] >= 0 ? corners : corners.reverse();
  return [...ring, ring[0]!];
}

/** The acquisitions of a stack in a year: the first pass after New Year, then every `repeat` days to the last before December 31. */
function stackDates(year: number, track: number, repeat: number): { start: string; end: string; epochs: number } {
  const first = Date.UTC(year, 0, 1) + ((track * 7) % repeat) * DAY_MS;
  const last = Date.UTC(year, 11, 31);
  const epochs = Math.floor((last - first) / (repeat * DAY_MS)) + 1;
  return { start: isoDay(first), end: isoDay(first + (epochs - 1) * repeat * DAY_MS), epochs };
}

export function demoProducts(): DemoProduct[] {
  const out: DemoProduct[] = [];
  const seen = new Set<string>();
  for (const site of DEFORM_SITES) {
    const [w, s, e, n] = site.window;
    const centre: [number, number] = [(w + e) / 2, (s + n) / 2];
    for (const f of site.s1) {
      for (let year = 2019; year <= 2024; year++) {
        // Sentinel-1B failed on 23 December 2021: six-day repeat before, twelve after.
        const repeat = year <= 2021 ? 6 : 12;
        const sat = year <= 2021 ? 'S1AB' : 'S1A';
        const d = stackDates(year, f.track, repeat);
        const base = `${sat}_IW_SBAS_${String(f.track).padStart(3, '0')}${f.pass[0]}_${String(f.frame).padStart(4, '0')}_${compact(d.start)}_${compact(d.end)}`;
        if (seen.has(base)) continue;
        seen.add(base);
        out.push({
          id: base,
          fileName: `${base}_LOS_VEL`,
          mission: 'S1',
          satellite: year <= 2021 ? 'Sentinel-1A/B' : 'Sentinel-1A',
          pass: f.pass,
          track: f.track,
          frame: f.frame,
          dateStart: d.start,
          dateEnd: d.end,
          epochs: d.epochs,
          ring: frameRing([centre[0] + f.offset[0], centre[1] + f.offset[1]], 250, 170, f.pass),
          sizeMb: Math.round(d.epochs * 38.5 + 420),
        });
      }
    }
    for (const f of site.lt1) {
      // LuTan-1 A and B (launched January and February 2022), eight-day constellation repeat.
      for (let year = 2022; year <= 2024; year++) {
        const d = stackDates(year, f.track, 8);
        // In service from June 2022.
        const start = year === 2022 ? `2022-06-${String(2 + (f.track % 8)).padStart(2, '0')}` : d.start;
        const epochs = year === 2022 ? Math.floor((Date.parse(d.end) - Date.parse(start)) / (8 * DAY_MS)) + 1 : d.epochs;
        const base = `LT1AB_STRIP1_SBAS_${String(f.track).padStart(3, '0')}${f.pass[0]}_${String(f.frame).padStart(4, '0')}_${compact(start)}_${compact(d.end)}`;
        out.push({
          id: base,
          fileName: `${base}_LOS_VEL`,
          mission: 'LT1',
          satellite: 'LuTan-1A/B',
          pass: f.pass,
          track: f.track,
          frame: f.frame,
          dateStart: start,
          dateEnd: d.end,
          epochs,
          ring: frameRing([centre[0] + f.offset[0], centre[1] + f.offset[1]], 100, 80, f.pass),
          sizeMb: Math.round(epochs * 21.7 + 160),
        });
      }
    }
  }
  return out;
}

/** Every site's cells (seeded by site order). */
export function demoCells(): { site: string; cells: DemoCell[] }[] {
  return DEFORM_SITES.map((site, i) => ({ site: site.key, cells: siteCells(site, 0x5d0f + i * 7919) }));
}
