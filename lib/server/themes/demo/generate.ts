import 'server-only';
/**
 * Demo features of the wind, PV, road and steel themes, generated deterministically (lib/shared/random.ts)
 * around points the database picked inside real counties (ST_GeneratePoints with fixed seeds). Pure, so
 * the spread and the sizes can be tested without a database; the seed step (seed.ts) locates every
 * feature's county in PostGIS and stores the rows.
 *
 * Three steps:
 * 1. `planSlots`: one slot per facility (or road segment, or suitability blob): which county it is
 *    anchored in, drawn from the areas of places.ts (roads: from every county, weighted by province);
 * 2. `buildDemo`: the facilities' shapes, names, capacities and life cycles over the demo quarters,
 *    given one anchor point per slot;
 * 3. `assembleRows`: given the county each feature lies in, the stored rows of every batch, with a
 *    scene filename and detection date per county and batch, and farm capacities summed from their
 *    turbines.
 *
 * Wind, PV and steel batches are full inventory snapshots (a facility is in every batch from its first
 * appearance on, with its stage then); road batches hold only the segments found new or changed in that
 * quarter. Steel plants are one row each: a point for small electric-arc plants, the site polygon
 * otherwise, so counting rows counts plants and summing capacity counts each plant once.
 */
import { mulberry32, type Rng } from '../../../shared/random';
import { quarterPeriod } from '../../../shared/spots/dates';
import { PV_AREAS, ROAD_PROVINCE_WEIGHTS, STEEL_AREAS, WIND_AREAS, WIND_OFFSHORE, type Area } from './places';
import {
  blob,
  type Frame,
  insideRing,
  lShape,
  lineLength,
  logNormal,
  multiLineWkt,
  multiPolygonWkt,
  normal,
  pick,
  pointWkt,
  rectangle,
  ringArea,
  roadLine,
  rotate,
  toLonLat,
  weighted,
  type Xy,
} from './shapes';

export const GENERATOR_VERSION = 'themes-demo-v2';
export const DEMO_THEMES = ['windmill', 'pvland', 'road', 'steelplant'] as const;
export type DemoTheme = (typeof DEMO_THEMES)[number];
export const THEME_QUARTERS = ['2025Q1', '2025Q2', '2025Q3', '2025Q4', '2026Q1', '2026Q2'] as const;
const BATCHES = THEME_QUARTERS.length;

/** Road segments found in a quarter, before the winter dip and the slow growth. */
const ROADS_PER_BATCH = 1200;

export interface Leaf {
  code: string;
  nameZh: string;
  nameEn: string;
}

export type SlotPurpose = 'wind' | 'pv' | 'steel' | 'road' | 'windZone' | 'pvZone';

/** One facility, road segment or suitability blob, anchored at a random point of a county. */
export interface Slot {
  purpose: SlotPurpose;
  code: string;
  /** Index into the purpose's area list (places.ts); roads: the batch the segment is found in. */
  area: number;
}

/** Every leaf county matching an area's codes (a 6-digit code, or a city or province prefix). */
function countiesOf(area: Area, leaves: readonly string[]): string[] {
  const out = leaves.filter((code) => area.codes.some((c) => (c.length === 6 ? code === c : code.startsWith(c))));
  if (out.length === 0) throw new Error(`demo area without counties: ${area.codes.join(',')}`);
  return out;
}

/** The slots of the whole demo; `leaves` are the leaf region codes (counties, cities without counties). */
export function planSlots(leaves: readonly string[], seed = 20250101): Slot[] {
  const sorted = [...leaves].sort();
  const rng = mulberry32(seed);
  const slots: Slot[] = [];
  const spread = (purpose: SlotPurpose, areas: readonly Area[]) => {
    for (const [i, area] of areas.entries()) {
      const counties = countiesOf(area, sorted);
      for (let k = 0; k < area.n; k++) slots.push({ purpose, code: pick(rng, counties), area: i });
    }
  };
  spread('wind', WIND_AREAS);
  spread('pv', PV_AREAS);
  spread('steel', STEEL_AREAS);
  // One suitability blob per wind area and per desert or grassland PV area, centred in one of its counties.
  for (const [i, area] of WIND_AREAS.entries()) slots.push({ purpose: 'windZone', code: pick(rng, countiesOf(area, sorted)), area: i });
  for (const [i, area] of PV_AREAS.entries()) {
    if (area.landuse === 'desert' || area.landuse === 'grassland')
      slots.push({ purpose: 'pvZone', code: pick(rng, countiesOf(area, sorted)), area: i });
  }
  // Roads: each county has its own activity (log-normal) on top of its province's weight.
  const weights: number[] = [];
  const roadCounties: string[] = [];
  for (const code of sorted) {
    const w = ROAD_PROVINCE_WEIGHTS[code.slice(0, 2)];
    const activity = Math.exp(0.8 * normal(rng));
    if (w === undefined) continue;
    roadCounties.push(code);
    weights.push(w * activity);
  }
  const cumulative: number[] = [];
  weights.reduce((sum, w, i) => (cumulative[i] = sum + w), 0);
  const total = cumulative[cumulative.length - 1]!;
  for (let b = 0; b < BATCHES; b++) {
    const winter = THEME_QUARTERS[b]!.endsWith('Q1') ? 0.65 : 1;
    const n = Math.round(ROADS_PER_BATCH * (1 + 0.05 * b) * winter);
    for (let k = 0; k < n; k++) {
      const r = rng() * total;
      let lo = 0;
      let hi = cumulative.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cumulative[mid]! > r) hi = mid;
        else lo = mid + 1;
      }
      slots.push({ purpose: 'road', code: roadCounties[lo]!, area: b });
    }
  }
  return slots;
}

/** Anchor points to ask the database for: how many points in each county, per purpose. */
export function anchorRequests(slots: readonly Slot[]): { key: string; code: string; n: number; seed: number }[] {
  const counts = new Map<string, { code: string; n: number }>();
  for (const s of slots) {
    const key = `${s.purpose}:${s.code}`;
    const entry = counts.get(key) ?? counts.set(key, { code: s.code, n: 0 }).get(key)!;
    entry.n++;
  }
  return [...counts.entries()].map(([key, { code, n }], i) => ({ key, code, n, seed: 7000 + i }));
}

export type GeometryKind = 'point' | 'polygon' | 'line';

export interface DemoFeature {
  key: number;
  theme: DemoTheme;
  kind: GeometryKind;
  wkt: string;
  /** The county the feature was anchored in (its name's county); the stored xzqdm is where it lies. */
  county: string;
  /** At sea: stored under the nearest coastal county. */
  offshore: boolean;
  tblx: string;
  landuse: string | null;
  /** MW per turbine, Mt/a per steel plant; a farm's is the sum of its turbines in each batch. */
  capacity: number | null;
  /** A turbine's farm. */
  parent: number | null;
  nameZh: string | null;
  nameEn: string | null;
  /** Stage in each batch; null where the feature is not in the batch. */
  stages: readonly (string | null)[];
  /** Planned area (m²) of a polygon or length (m) of a line; 0 for points. */
  size: number;
}

export interface DemoZone {
  theme: 'windmill' | 'pvland';
  zoneClass: '1' | '2' | '3';
  wkt: string;
}

export interface DemoWorld {
  features: DemoFeature[];
  zones: DemoZone[];
}

const PLACES: readonly (readonly [string, string])[] = [
  ['北山', 'Beishan'],
  ['东梁', 'Dongliang'],
  ['西滩', 'Xitan'],
  ['南坡', 'Nanpo'],
  ['红山', 'Hongshan'],
  ['大梁', 'Daliang'],
  ['风口', 'Fengkou'],
  ['白土梁', 'Baituliang'],
  ['黄花滩', 'Huanghuatan'],
  ['石门', 'Shimen'],
  ['青山', 'Qingshan'],
  ['长岭', 'Changling'],
  ['沙梁', 'Shaliang'],
  ['马场', 'Machang'],
  ['双井', 'Shuangjing'],
  ['三道沟', 'Sandaogou'],
  ['新城', 'Xincheng'],
  ['河东', 'Hedong'],
  ['杨树湾', 'Yangshuwan'],
  ['金沙', 'Jinsha'],
  ['柳林', 'Liulin'],
  ['平原', 'Pingyuan'],
  ['永丰', 'Yongfeng'],
  ['兴隆', 'Xinglong'],
];
const PHASES: readonly (readonly [string, string])[] = [
  ['', ''],
  ['二期', ' Phase II'],
  ['三期', ' Phase III'],
  ['四期', ' Phase IV'],
];

/** `康保县` → `康保`, `Kangbao County` → `Kangbao`. */
export function shortNames(leaf: Leaf): { zh: string; en: string } {
  const zh = leaf.nameZh.replace(/(?:回族|满族|蒙古族|哈萨克|土族|藏族|彝族|苗族|壮族)*(?:自治县|自治旗|联合旗|新区|县|市|区|旗)$/, '');
  const en = leaf.nameEn.replace(/ (?:Autonomous County|County|District|City|Banner|New Area|League)$/, '');
  return { zh: zh || leaf.nameZh, en: en || leaf.nameEn };
}

interface Context {
  rng: Rng;
  anchor: (slot: Slot) => Frame;
  short: (county: string) => { zh: string; en: string };
  /** A facility name unique per county: a place word, and a phase when the county already has that place. */
  name: (county: string, zhSuffix: string, enSuffix: string) => { zh: string; en: string };
  next: () => number;
}

function context(rng: Rng, leaves: readonly Leaf[], anchors: ReadonlyMap<Slot, Xy>): Context {
  const byCode = new Map(leaves.map((l) => [l.code, l]));
  const used = new Map<string, number>();
  let key = 0;
  const short = (county: string) => shortNames(byCode.get(county) ?? { code: county, nameZh: county, nameEn: county });
  return {
    rng,
    anchor: (slot) => {
      const p = anchors.get(slot);
      if (!p) throw new Error(`no anchor point for ${slot.purpose} in ${slot.code}`);
      return { lon: p[0], lat: p[1] };
    },
    short,
    name: (county, zhSuffix, enSuffix) => {
      const { zh, en } = short(county);
      const [placeZh, placeEn] = pick(rng, PLACES);
      const id = `${county}:${placeZh}:${zhSuffix}`;
      const n = used.get(id) ?? 0;
      used.set(id, n + 1);
      const [phaseZh, phaseEn] = PHASES[Math.min(n, PHASES.length - 1)]!;
      return { zh: `${zh}${placeZh}${zhSuffix}${phaseZh}`, en: `${en} ${placeEn} ${enSuffix}${phaseEn}` };
    },
    next: () => ++key,
  };
}

/** The batch a facility first appears in: most existed before the first demo quarter. */
function firstBatch(rng: Rng, existing: number): number {
  return rng() < existing ? 0 : 1 + Math.floor(rng() * (BATCHES - 1));
}

/** Stages of a facility that is built (`building` for one or two quarters when new) and then runs. */
function buildStages(rng: Rng, start: number, building: string, done: string, readyAtStart: number): (string | null)[] {
  const buildTime = start === 0 && rng() < readyAtStart ? 0 : 1 + Math.floor(rng() * 2);
  return Array.from({ length: BATCHES }, (_, b) => (b < start ? null : b < start + buildTime ? building : done));
}

const TURBINE_SIZES_OLD = [2.0, 2.0, 2.5];
const TURBINE_SIZES_NEW = [3.0, 3.6, 4.0, 4.5, 5.0, 5.6, 6.25];
const TURBINE_SIZES_SEA = [4.0, 5.0, 5.6, 6.25];

/** Wind farms (blobs of 5–60 km²) with their turbines in loose rows, onshore and offshore. */
function windFarms(ctx: Context, slots: readonly Slot[]): DemoFeature[] {
  const { rng } = ctx;
  const farms: { frame: Frame; county: string; offshore: boolean; areaM2: number }[] = [];
  for (const slot of slots) {
    if (slot.purpose !== 'wind') continue;
    farms.push({ frame: ctx.anchor(slot), county: slot.code, offshore: false, areaM2: logNormal(rng, 16e6, 0.6, 5e6, 60e6) });
  }
  for (const site of WIND_OFFSHORE) {
    for (let k = 0; k < site.farms; k++) {
      const [lon, lat] = toLonLat(site, [normal(rng) * 5000, normal(rng) * 5000]);
      farms.push({ frame: { lon, lat }, county: site.county, offshore: true, areaM2: logNormal(rng, 35e6, 0.3, 20e6, 60e6) });
    }
  }
  const out: DemoFeature[] = [];
  let offshoreNo = 0;
  for (const farm of farms) {
    const ring = blob(rng, farm.areaM2, 24, farm.offshore ? 0.15 : 0.35);
    const start = firstBatch(rng, farm.offshore ? 0.6 : 0.78);
    const stages = buildStages(rng, start, '1', '2', 0.92);
    if (start === 0 && rng() < 0.05) {
      const retired = 2 + Math.floor(rng() * (BATCHES - 2));
      for (let b = retired; b < BATCHES; b++) stages[b] = '3';
    }
    const sizes = farm.offshore ? TURBINE_SIZES_SEA : start === 0 && rng() < 0.4 ? TURBINE_SIZES_OLD : TURBINE_SIZES_NEW;
    const unit = pick(rng, sizes);
    // Rows across the prevailing wind: several rotor diameters apart along a row, wider between rows.
    const along = (farm.offshore ? 800 : 450) + rng() * 300 + unit * 40;
    const across = along * (1.8 + rng() * 1.2);
    const angle = rng() * Math.PI;
    const extent = Math.sqrt(farm.areaM2) * 1.6;
    const positions: Xy[] = [];
    for (let y = -extent + rng() * across; y <= extent; y += across) {
      for (let x = -extent + rng() * along; x <= extent; x += along) {
        const p = rotate([x + normal(rng) * 50, y + normal(rng) * 50], angle);
        if (insideRing(ring, p) && positions.length < 150) positions.push(p);
      }
    }
    if (positions.length < 3) continue;
    let names: { zh: string; en: string };
    if (farm.offshore) {
      offshoreNo++;
      const short = ctx.short(farm.county);
      names = { zh: `${short.zh}H${offshoreNo}海上风电场`, en: `${short.en} H${offshoreNo} Offshore Wind Farm` };
    } else {
      names = ctx.name(farm.county, '风电场', 'Wind Farm');
    }
    const farmKey = ctx.next();
    out.push({
      key: farmKey,
      theme: 'windmill',
      kind: 'polygon',
      wkt: multiPolygonWkt(farm.frame, [[ring]]),
      county: farm.county,
      offshore: farm.offshore,
      tblx: 'farm',
      landuse: null,
      capacity: null,
      parent: null,
      nameZh: names.zh,
      nameEn: names.en,
      stages,
      size: farm.areaM2,
    });
    // A farm under construction erects the second half of its turbines a quarter later.
    const late = stages[start] === '1' && start + 1 < BATCHES ? start + 1 : start;
    for (const [i, p] of positions.entries()) {
      const from = i >= positions.length / 2 ? late : start;
      out.push({
        key: ctx.next(),
        theme: 'windmill',
        kind: 'point',
        wkt: pointWkt(farm.frame, p),
        county: farm.county,
        offshore: farm.offshore,
        tblx: 'turbine',
        landuse: null,
        capacity: unit,
        parent: farmKey,
        nameZh: `${names.zh}${i + 1}号机组`,
        nameEn: `${names.en}, turbine ${i + 1}`,
        stages: stages.map((s, b) => (b < from ? null : s)),
        size: 0,
      });
    }
  }
  return out;
}

/** Rectangular blocks side by side (separate parts, so the multipolygon stays valid). */
function blocks(rng: Rng, areaM2: number, count: number, angle: number): Xy[][] {
  const aspect = 1 + rng() * 1.5;
  const each = areaM2 / count;
  const width = Math.sqrt(each / aspect);
  const length = width * aspect;
  const gap = 60 + rng() * 200;
  return Array.from({ length: count }, (_, i) =>
    rectangle(each, aspect, angle, [(i - (count - 1) / 2) * (length + gap), (rng() - 0.5) * width * 0.6]),
  );
}

/** PV plants: utility-scale arrays of 0.5–20 km² (desert bases up to 50 km²), distributed ones small. */
function pvPlants(ctx: Context, slots: readonly Slot[]): DemoFeature[] {
  const { rng } = ctx;
  const out: DemoFeature[] = [];
  for (const slot of slots) {
    if (slot.purpose !== 'pv') continue;
    const area = PV_AREAS[slot.area]!;
    const frame = ctx.anchor(slot);
    let areaM2: number;
    let parts: Xy[][];
    let names: { zh: string; en: string };
    if (area.landuse === 'roof') {
      areaM2 = logNormal(rng, 40_000, 0.7, 5_000, 300_000);
      parts = [rectangle(areaM2, 1 + rng() * 2, rng() * Math.PI)];
      names = ctx.name(slot.code, '工业园屋顶光伏', 'Industrial Park Rooftop PV');
    } else if (area.distributed) {
      areaM2 = logNormal(rng, 150_000, 0.6, 30_000, 500_000);
      parts = [rectangle(areaM2, 1 + rng() * 2, (rng() - 0.5) * 0.6)];
      names = ctx.name(slot.code, '村级光伏电站', 'Village PV Station');
    } else {
      const base = area.landuse === 'desert' && rng() < 0.1;
      areaM2 = base ? logNormal(rng, 25e6, 0.35, 12e6, 50e6) : logNormal(rng, 3e6, 0.8, 0.5e6, 20e6);
      // Arrays face south: blocks are nearly aligned with the meridian.
      parts = blocks(rng, areaM2, base ? 3 + Math.floor(rng() * 3) : 1 + Math.floor(rng() * 3), (rng() - 0.5) * 0.3);
      const [zh, en] =
        area.landuse === 'water'
          ? ['渔光互补光伏电站', 'Fishery-PV Plant']
          : area.landuse === 'farmland'
            ? ['农光互补光伏电站', 'Agrivoltaic PV Plant']
            : base
              ? ['光伏基地', 'Solar Base']
              : ['光伏电站', 'PV Plant'];
      names = ctx.name(slot.code, zh, en);
    }
    const start = firstBatch(rng, area.distributed ? 0.5 : 0.6);
    out.push({
      key: ctx.next(),
      theme: 'pvland',
      kind: 'polygon',
      wkt: multiPolygonWkt(
        frame,
        parts.map((p) => [p]),
      ),
      county: slot.code,
      offshore: false,
      tblx: area.distributed ? 'distributed' : 'ground',
      landuse: area.landuse,
      capacity: null,
      parent: null,
      nameZh: names.zh,
      nameEn: names.en,
      stages: buildStages(rng, start, '1', '2', 0.85),
      size: parts.reduce((s, p) => s + ringArea(p), 0),
    });
  }
  return out;
}

/**
 * Steel plants, one row each: blast-furnace works of 1–20 Mt/a on sites of 1–15 km², electric-arc plants
 * of 0.3–3 Mt/a (a point when under 1.5 Mt/a, else a small site). Old capacity goes idle and some of it
 * is demolished; new plants are built (stage 4) and start operating.
 */
function steelPlants(ctx: Context, slots: readonly Slot[]): DemoFeature[] {
  const { rng } = ctx;
  const out: DemoFeature[] = [];
  for (const slot of slots) {
    if (slot.purpose !== 'steel') continue;
    const area = STEEL_AREAS[slot.area]!;
    const frame = ctx.anchor(slot);
    const bf = rng() < area.bf;
    const capacity = Math.round((bf ? logNormal(rng, 4, 0.7, 1, 20) : logNormal(rng, 0.9, 0.6, 0.3, 3)) * 100) / 100;
    const start = firstBatch(rng, 0.88);
    const stages = buildStages(rng, start, '4', '1', 1);
    if (start === 0 && rng() < (bf ? 0.2 : 0.1)) {
      const idle = 1 + Math.floor(rng() * (BATCHES - 2));
      const fate = rng();
      // Idle for good, demolished after one or two idle quarters, or back in production after two.
      const idleFor = fate < 0.4 ? BATCHES : fate < 0.8 ? 1 + Math.floor(rng() * 2) : 2;
      const then = fate < 0.8 ? '3' : '1';
      for (let b = idle; b < BATCHES; b++) stages[b] = b < idle + idleFor ? '2' : then;
    }
    let wkt: string;
    let kind: GeometryKind;
    let size = 0;
    if (!bf && capacity < 1.5) {
      kind = 'point';
      wkt = pointWkt(frame);
    } else {
      kind = 'polygon';
      size = (bf ? Math.min(15, Math.max(1, 1 + 0.6 * capacity)) : Math.min(3, 1 + 0.5 * capacity)) * 1e6 * (0.85 + rng() * 0.3);
      size = Math.min(15e6, Math.max(1e6, size));
      const ring =
        rng() < 0.5 ? rectangle(size, 1 + rng() * 1.5, rng() * Math.PI) : lShape(size, 1 + rng() * 1.5, rng() * Math.PI, 0.3 + rng() * 0.3);
      wkt = multiPolygonWkt(frame, [[ring]]);
    }
    const names = bf ? ctx.name(slot.code, '钢铁厂', 'Iron and Steel Works') : ctx.name(slot.code, '特钢厂', 'Special Steel (EAF)');
    out.push({
      key: ctx.next(),
      theme: 'steelplant',
      kind,
      wkt,
      county: slot.code,
      offshore: false,
      tblx: bf ? 'bf' : 'eaf',
      landuse: null,
      capacity,
      parent: null,
      nameZh: names.zh,
      nameEn: names.en,
      stages,
      size,
    });
  }
  return out;
}

const ROAD_GRADES = [
  // grade, share, median length (m), min, max, vertex step (m), straightness
  ['expressway', 0.04, 18_000, 5_000, 40_000, 500, 0.6],
  ['national', 0.08, 8_000, 2_000, 30_000, 350, 0.5],
  ['provincial', 0.13, 6_000, 1_500, 25_000, 300, 0.4],
  ['county', 0.3, 3_500, 800, 15_000, 220, 0.3],
  ['rural', 0.45, 1_500, 500, 6_000, 150, 0.2],
] as const;

/** New or changed road segments per quarter; one in three under construction is found finished later. */
function roads(ctx: Context, slots: readonly Slot[]): DemoFeature[] {
  const { rng } = ctx;
  const out: DemoFeature[] = [];
  for (const slot of slots) {
    if (slot.purpose !== 'road') continue;
    const frame = ctx.anchor(slot);
    const [grade, , median, min, max, step, straightness] = weighted(
      rng,
      ROAD_GRADES,
      ROAD_GRADES.map((g) => g[1]),
    );
    const line = roadLine(rng, logNormal(rng, median, 0.6, min, max), step * (0.8 + rng() * 0.4), straightness);
    const stage = weighted(rng, ['new', 'upgraded', 'building'], [0.55, 0.25, 0.2]);
    const stages: (string | null)[] = Array.from({ length: BATCHES }, (_, b) => (b === slot.area ? stage : null));
    if (stage === 'building' && slot.area < BATCHES - 1 && rng() < 0.35) stages[slot.area + 1] = 'new';
    const short = ctx.short(slot.code);
    const number = 1 + Math.floor(rng() * 999);
    const names =
      grade === 'expressway'
        ? { zh: `S${number}高速公路${short.zh}段`, en: `S${number} Expressway, ${short.en} section` }
        : grade === 'national'
          ? { zh: `G${100 + (number % 300)}国道${short.zh}段`, en: `G${100 + (number % 300)} National Road, ${short.en} section` }
          : grade === 'provincial'
            ? { zh: `S${200 + (number % 300)}省道${short.zh}段`, en: `S${200 + (number % 300)} Provincial Road, ${short.en} section` }
            : grade === 'county'
              ? { zh: `X${number}县道${short.zh}段`, en: `X${number} County Road, ${short.en} section` }
              : ctx.name(slot.code, '村道', 'Village Road');
    out.push({
      key: ctx.next(),
      theme: 'road',
      kind: 'line',
      wkt: multiLineWkt(frame, line),
      county: slot.code,
      offshore: false,
      tblx: grade,
      landuse: null,
      capacity: null,
      parent: null,
      nameZh: names.zh,
      nameEn: names.en,
      stages,
      size: lineLength(line),
    });
  }
  return out;
}

/** Suitability blobs: nested discs of classes 1 ⊂ 2 ⊂ 3 (the seed subtracts the better classes). */
function zones(ctx: Context, slots: readonly Slot[]): DemoZone[] {
  const { rng } = ctx;
  const out: DemoZone[] = [];
  for (const slot of slots) {
    if (slot.purpose !== 'windZone' && slot.purpose !== 'pvZone') continue;
    const frame = ctx.anchor(slot);
    const theme = slot.purpose === 'windZone' ? 'windmill' : 'pvland';
    const outer = logNormal(rng, 2.5e9, 0.4, 1e9, 6e9);
    const shapeSeed = Math.floor(rng() * 2 ** 32);
    // The same harmonics at every class (a generator of the same seed), so the smaller discs nest.
    for (const [zoneClass, share] of [
      ['3', 1],
      ['2', 0.5],
      ['1', 0.2],
    ] as const) {
      out.push({ theme, zoneClass, wkt: multiPolygonWkt(frame, [[blob(mulberry32(shapeSeed), outer * share, 40, 0.3)]]) });
    }
  }
  return out;
}

/** Every feature and suitability blob of the demo, given one anchor point (lon, lat) per slot. */
export function buildDemo(leaves: readonly Leaf[], slots: readonly Slot[], anchors: ReadonlyMap<Slot, Xy>, seed = 20250102): DemoWorld {
  const ctx = context(mulberry32(seed), leaves, anchors);
  const features = [...windFarms(ctx, slots), ...pvPlants(ctx, slots), ...steelPlants(ctx, slots), ...roads(ctx, slots)];
  return { features, zones: zones(ctx, slots) };
}

export interface DemoRow {
  theme: DemoTheme;
  batch: number;
  key: number;
  xzqdm: string;
  stage: string;
  tblx: string;
  landuse_type: string | null;
  capacity: number | null;
  name_zh: string | null;
  name_en: string | null;
  filename: string;
  detected_on: string;
}

const SENSORS = ['GF1_PMS1', 'GF1_PMS2', 'GF1B_PMS', 'GF1C_PMS', 'GF1D_PMS', 'GF2_PMS1', 'GF2_PMS2', 'GF6_PMS', 'GF7_DLC', 'ZY302_TMS'];

/** Image filename of a scene, e.g. `GF2_PMS1_E114.5_N38.0_20250817_L1A0004521873`. */
export function sceneFilename(rng: Rng, lon: number, lat: number, date: string): string {
  const sensor = pick(rng, SENSORS);
  const id = String(Math.floor(rng() * 1e10)).padStart(10, '0');
  return `${sensor}_E${lon.toFixed(1)}_N${lat.toFixed(1)}_${date.replaceAll('-', '')}_L1A${id}`;
}

function firstLonLat(wkt: string): [number, number] {
  const match = /(-?\d+\.\d+) (-?\d+\.\d+)/.exec(wkt);
  return match ? [Number(match[1]), Number(match[2])] : [0, 0];
}

/**
 * The stored rows of every batch, given the county each feature lies in (features missing from
 * `located` lie outside every county, or outside the country for roads, and are left out). A county's
 * features of one theme and batch were interpreted from one scene: one filename and date. A farm's
 * capacity is the sum of its located turbines standing in that batch; a farm without any is left out.
 */
export function assembleRows(world: DemoWorld, located: ReadonlyMap<number, string>, seed = 20250103): DemoRow[] {
  const rng = mulberry32(seed);
  const scenes = new Map<string, { filename: string; date: string }>();
  const sceneOf = (theme: DemoTheme, county: string, batch: number, wkt: string) => {
    const id = `${theme}:${county}:${batch}`;
    let scene = scenes.get(id);
    if (!scene) {
      const period = quarterPeriod(THEME_QUARTERS[batch]!);
      const days = (Date.parse(period.end) - Date.parse(period.start)) / 86_400_000;
      const date = new Date(Date.parse(period.start) + Math.floor(rng() * (days + 1)) * 86_400_000).toISOString().slice(0, 10);
      const [lon, lat] = firstLonLat(wkt);
      scene = { filename: sceneFilename(rng, lon, lat, date), date };
      scenes.set(id, scene);
    }
    return scene;
  };
  const farmCapacity = new Map<string, number>();
  for (const f of world.features) {
    if (f.parent === null || !located.has(f.key) || !located.has(f.parent)) continue;
    for (const [b, stage] of f.stages.entries()) {
      if (stage === null) continue;
      const id = `${f.parent}:${b}`;
      farmCapacity.set(id, (farmCapacity.get(id) ?? 0) + f.capacity!);
    }
  }
  const rows: DemoRow[] = [];
  for (const f of world.features) {
    const xzqdm = located.get(f.key);
    if (xzqdm === undefined || (f.parent !== null && !located.has(f.parent))) continue;
    for (const [batch, stage] of f.stages.entries()) {
      if (stage === null) continue;
      let capacity = f.capacity;
      if (f.theme === 'windmill' && f.tblx === 'farm') {
        capacity = farmCapacity.get(`${f.key}:${batch}`) ?? 0;
        if (capacity === 0) continue;
        capacity = Math.round(capacity * 100) / 100;
      }
      const scene = sceneOf(f.theme, xzqdm, batch, f.wkt);
      rows.push({
        theme: f.theme,
        batch,
        key: f.key,
        xzqdm,
        stage,
        tblx: f.tblx,
        landuse_type: f.landuse,
        capacity,
        name_zh: f.nameZh,
        name_en: f.nameEn,
        filename: scene.filename,
        detected_on: scene.date,
      });
    }
  }
  return rows;
}
