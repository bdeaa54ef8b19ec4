import 'server-only';
/**
 * Demo data of the planting structure theme, generated deterministically (lib/shared/random.ts). Pure, so
 * the magnitudes can be tested without a database; demo-seed.ts stores the rows.
 *
 * 1. County structure: each crop's national sown area (≈ recent yearbook figures, Mha) is shared among the
 *    provinces that grow it (PROVINCE_AREAS, kha, used as weights), then among each province's leaf counties
 *    by a county weight: a random farmland size (log-normal), less in urban districts, more where a crop is
 *    concentrated (FOCUS: wheat in north Anhui and Jiangsu, rice on the Sanjiang plain, soybean in Heihe and
 *    Hulunbuir, cotton in southern Xinjiang, …). Year factors change each crop smoothly over 2021–2025
 *    (soybean expanding in the northeast from 2022, rapeseed spreading over winter fallow, inland cotton
 *    shrinking), with a small drift per county. 2023 is the base year of the national figures.
 * 2. Sample areas: a block of field parcels in one county of each of the main cropping systems, each
 *    parcel's crop drawn per season and year from the system's rotation (a parcel mostly keeps its crop).
 */
import { mulberry32, normal, weighted, type Rng } from '../../../shared/random';
import type { PlantingCrop, PlantingSeason } from '../../../shared/themes/plantingstructure';
import { multiPolygonWkt, type Frame, type Xy } from '../demo/shapes';

export const PLANTING_GENERATOR_VERSION = 'planting-demo-v2';
export const PLANTING_YEARS = [2021, 2022, 2023, 2024, 2025] as const;
const BASE_YEAR_INDEX = 2; // 2023

/** National sown area in the base year, million hectares. "Other" is the rest of the sown area by season. */
export const NATIONAL_MHA: Record<PlantingCrop, number> = {
  wheat: 23.5,
  maize: 44,
  rice: 29,
  soybean: 10,
  rapeseed: 7,
  cotton: 2.8,
  other: 0, // per season: OTHER_MHA
};
export const OTHER_MHA: Record<PlantingSeason, number> = { summer: 8, autumn: 36 };

/** Which season each crop is counted in ("other" is in both). */
export const SEASON_OF: Record<Exclude<PlantingCrop, 'other'>, PlantingSeason> = {
  wheat: 'summer',
  rapeseed: 'summer',
  maize: 'autumn',
  rice: 'autumn',
  soybean: 'autumn',
  cotton: 'autumn',
};

type MainCrop = keyof typeof SEASON_OF;

/** Province weights (thousand hectares, ≈ 2023) of each crop; provinces not listed grow none of it. */
// prettier-ignore
const PROVINCE_AREAS: Record<MainCrop, Record<string, number>> = {
  wheat: {
    '41': 5690, '37': 4010, '34': 2850, '32': 2380, '13': 2230, '65': 1150, '42': 1150, '61': 960, '62': 730, '51': 600,
    '14': 520, '15': 450, '53': 300, '12': 110, '52': 100, '63': 100, '64': 90, '54': 30, '23': 40, '50': 20, '11': 10, '21': 10,
  },
  maize: {
    '23': 5900, '22': 4450, '15': 4400, '37': 3950, '41': 3850, '13': 3450, '21': 2800, '14': 1800, '53': 1800, '51': 1850,
    '65': 1300, '61': 1200, '34': 1200, '62': 1050, '42': 800, '45': 600, '52': 550, '32': 550, '50': 450, '43': 400,
    '64': 300, '12': 230, '44': 120, '11': 50, '36': 50, '33': 50, '35': 30, '63': 20,
  },
  rice: {
    '43': 3950, '23': 3600, '36': 3350, '34': 2500, '42': 2270, '32': 2200, '51': 1870, '44': 1830, '45': 1750, '22': 840,
    '53': 800, '50': 660, '52': 650, '33': 630, '35': 600, '41': 600, '21': 500, '46': 220, '15': 150, '61': 100, '37': 100,
    '31': 100, '13': 80, '64': 60, '65': 50, '12': 50,
  },
  soybean: {
    '23': 4900, '15': 1250, '34': 650, '51': 450, '41': 380, '22': 300, '37': 200, '32': 200, '42': 200, '53': 150,
    '52': 150, '14': 150, '61': 150, '43': 150, '50': 100, '13': 100, '21': 100, '36': 100, '45': 100, '65': 100, '62': 70,
  },
  rapeseed: {
    '51': 1350, '43': 1350, '42': 1100, '36': 500, '52': 450, '34': 350, '53': 300, '50': 260, '32': 200, '61': 200,
    '41': 250, '15': 200, '63': 150, '62': 150, '33': 100, '45': 50, '65': 50, '54': 20,
  },
  cotton: { '65': 2500, '37': 100, '13': 90, '42': 50, '43': 40, '34': 30, '36': 30, '41': 20, '62': 20, '12': 10 },
};

/** County weight multipliers where a crop concentrates within its province (city prefixes, 4 digits). */
// prettier-ignore
const FOCUS: Record<MainCrop, Record<string, number>> = {
  // North Anhui and north Jiangsu (Huaibei plain) grow the wheat of those provinces; Xiangyang in Hubei.
  // Little wheat in Hebei's northern mountains and plateau (Zhangjiakou, Chengde).
  wheat: { '1307': 0.2, '1308': 0.2, '3403': 6, '3404': 6, '3406': 6, '3412': 6, '3413': 6, '3416': 6, '3203': 5, '3207': 5, '3208': 5, '3209': 4, '3213': 5, '4206': 3 },
  maize: { '1504': 4, '1505': 4, '2201': 3, '2203': 3, '2207': 3, '2301': 2, '2302': 3, '2306': 3, '2312': 3 },
  // The Sanjiang plain and Harbin; Yanbian and Jilin city; Panjin; central and south Anhui.
  rice: {
    '2303': 6, '2304': 5, '2305': 6, '2308': 7, '2309': 4, '2301': 2, '2224': 3, '2202': 3, '2111': 8,
    '3401': 3, '3408': 3, '3415': 3, '3418': 3, '3405': 2, '3407': 2, '3403': 0.4, '3406': 0.2, '3413': 0.3, '3416': 0.2,
  },
  soybean: { '2311': 6, '2327': 2, '2302': 2, '2312': 2, '1507': 8, '1522': 4, '3412': 3, '3413': 3, '3416': 4, '3406': 3 },
  rapeseed: { '4210': 3, '4208': 3, '4211': 3, '6302': 5, '6322': 5, '1507': 6 },
  cotton: { '6543': 0.05, '6522': 0.4, '6540': 0.3, '6529': 5, '6531': 4, '6528': 4, '6542': 2, '6527': 2, '6523': 2, '6501': 0.05, '3714': 5, '3705': 4, '3716': 4, '1309': 5, '1311': 5, '1305': 4 },
};

/** Year factors (2021–2025; 2023 = 1) per crop, with regional variants. */
const NORTHEAST = new Set(['23', '22', '15']);
function yearFactors(crop: PlantingCrop, province: string): readonly number[] {
  switch (crop) {
    case 'wheat':
      return [0.995, 1, 1, 1.002, 0.998];
    case 'maize':
      // The northeast gave maize fields to soybean in 2022.
      return NORTHEAST.has(province) ? [1.03, 0.985, 1, 1.005, 1.01] : [0.985, 0.99, 1, 1.01, 1.015];
    case 'rice':
      return [1.01, 1, 1, 0.995, 0.99];
    case 'soybean':
      return province === '23' || province === '15' ? [0.78, 0.94, 1, 1.01, 1.03] : [0.92, 0.97, 1, 1, 1];
    case 'rapeseed':
      return [0.93, 0.96, 1, 1.02, 1.035];
    case 'cotton':
      return province === '65' ? [0.99, 0.98, 1, 1.02, 1.04] : [1.15, 1.05, 1, 0.94, 0.9];
    case 'other':
      return [1.005, 1, 1, 0.997, 0.993];
  }
}

/** Municipal districts (code suffix 01–20) are mostly built up: less farmland. */
const isDistrict = (code: string) => Number(code.slice(4)) <= 20;

/** A county's own random stream: the same draws whatever the other counties are. */
const countyRng = (code: string, salt: number): Rng => mulberry32(Number(code) * 131 + salt * 7919);

/** Below this a county is taken not to grow the crop (a few hectares are not a structure). */
const MIN_HA = 50;

export interface CountyStructureRow {
  xzqdm: string;
  season: PlantingSeason;
  crop: PlantingCrop;
  /** Hectares per year, in PLANTING_YEARS order. */
  areas: number[];
}

/** The structure rows of every leaf county with the crop: hectares of each crop per season and year. */
export function countyStructure(leaves: readonly string[]): CountyStructureRow[] {
  const sorted = [...leaves].sort();
  const farmland = new Map(
    sorted.map((code) => {
      const rng = countyRng(code, 0);
      return [code, Math.exp(0.6 * normal(rng)) * (isDistrict(code) ? 0.3 : 1)] as const;
    }),
  );
  const rows: CountyStructureRow[] = [];
  const addCrop = (
    crop: PlantingCrop,
    season: PlantingSeason,
    provinceHa: Map<string, number>,
    focus: Record<string, number>,
    salt: number,
  ) => {
    for (const [province, ha] of provinceHa) {
      const counties = sorted.filter((c) => c.startsWith(province));
      const weights = counties.map((c) => {
        const rng = countyRng(c, salt);
        return farmland.get(c)! * (focus[c.slice(0, 4)] ?? 1) * Math.exp(0.5 * normal(rng));
      });
      const total = weights.reduce((a, b) => a + b, 0);
      counties.forEach((code, i) => {
        const base = (ha * weights[i]!) / total;
        if (base < MIN_HA) return;
        const rng = countyRng(code, salt + 1);
        // A county's own drift: a slope of a few per mille a year around the provincial factors.
        const slope = 0.006 * normal(rng);
        const factors = yearFactors(crop, province);
        const areas = PLANTING_YEARS.map((_, y) => {
          const wobble = 1 + slope * (y - BASE_YEAR_INDEX) + 0.003 * normal(rng);
          return Math.round(base * factors[y]! * wobble * 100) / 100;
        });
        rows.push({ xzqdm: code, season, crop, areas });
      });
    }
  };
  (Object.keys(SEASON_OF) as MainCrop[]).forEach((crop, i) => {
    const weights = PROVINCE_AREAS[crop];
    const sum = Object.values(weights).reduce((a, b) => a + b, 0);
    const provinceHa = new Map(Object.entries(weights).map(([p, w]) => [p, (NATIONAL_MHA[crop] * 1e6 * w) / sum]));
    addCrop(crop, SEASON_OF[crop], provinceHa, FOCUS[crop], 10 + 2 * i);
  });
  // Other crops (potato, peanut, vegetables, sugarcane, millet, …): shared by each province's main crops of
  // the season plus a base, so every farming province has some.
  (['summer', 'autumn'] as const).forEach((season, i) => {
    const crops = (Object.keys(SEASON_OF) as MainCrop[]).filter((c) => SEASON_OF[c] === season);
    const provinces = new Set(crops.flatMap((c) => Object.keys(PROVINCE_AREAS[c])));
    const weights = new Map([...provinces].map((p) => [p, 400 + crops.reduce((n, c) => n + (PROVINCE_AREAS[c][p] ?? 0), 0)]));
    const sum = [...weights.values()].reduce((a, b) => a + b, 0);
    const provinceHa = new Map([...weights].map(([p, w]) => [p, (OTHER_MHA[season] * 1e6 * w) / sum]));
    addCrop('other', season, provinceHa, {}, 40 + 2 * i);
  });
  return rows.sort((a, b) => a.xzqdm.localeCompare(b.xzqdm) || a.season.localeCompare(b.season) || a.crop.localeCompare(b.crop));
}

/** A cropping system: the crop weights of each season (missing weight: no crop that season, fallow). */
interface CroppingSystem {
  summer: Partial<Record<PlantingCrop, number>>;
  autumn: Partial<Record<PlantingCrop, number>>;
  /** Field size, metres (width × depth): North China strips, northeastern blocks, southern paddies. */
  field: readonly [number, number];
  /** Year trend of a crop's weight (the northeast's soybean), factor per year. */
  trend?: Partial<Record<PlantingCrop, readonly number[]>>;
}

const SYSTEMS = {
  // Winter wheat, then summer maize on the same field (North China Plain, Guanzhong).
  wheatMaize: { summer: { wheat: 0.9, other: 0.05 }, autumn: { maize: 0.8, soybean: 0.08, other: 0.1 }, field: [80, 320] },
  wheatMaizeCotton: { summer: { wheat: 0.8, other: 0.05 }, autumn: { maize: 0.65, cotton: 0.2, other: 0.1 }, field: [90, 300] },
  // One crop a year in the northeast: maize, soybean, rice on the Sanjiang plain.
  maizeNortheast: {
    summer: {},
    autumn: { maize: 0.85, soybean: 0.08, other: 0.07 },
    field: [300, 500],
    trend: { soybean: [0.7, 1, 1.1, 1.2, 1.3] },
  },
  soybeanNorth: {
    summer: { rapeseed: 0.05 },
    autumn: { soybean: 0.55, maize: 0.35, other: 0.1 },
    field: [350, 600],
    trend: { soybean: [0.75, 0.95, 1, 1.05, 1.12] },
  },
  sanjiang: {
    summer: {},
    autumn: { rice: 0.6, soybean: 0.2, maize: 0.2 },
    field: [200, 400],
    trend: { soybean: [0.7, 1, 1.05, 1.1, 1.15] },
  },
  riceNorth: { summer: {}, autumn: { rice: 0.9, maize: 0.05, other: 0.05 }, field: [120, 250] },
  // Rapeseed (or wheat) over winter, then rice (Yangtze basin); Sichuan also maize.
  rapeRice: {
    summer: { rapeseed: 0.55, wheat: 0.15, other: 0.05 },
    autumn: { rice: 0.8, cotton: 0.05, other: 0.15 },
    field: [60, 120],
    trend: { rapeseed: [0.85, 0.92, 1, 1.05, 1.1] },
  },
  sichuan: {
    summer: { rapeseed: 0.5, wheat: 0.3, other: 0.1 },
    autumn: { rice: 0.65, maize: 0.2, soybean: 0.05, other: 0.1 },
    field: [50, 90],
  },
  wheatRice: { summer: { wheat: 0.8, rapeseed: 0.1 }, autumn: { rice: 0.85, other: 0.15 }, field: [80, 160] },
  riceSouth: { summer: { rapeseed: 0.25, other: 0.15 }, autumn: { rice: 0.85, other: 0.15 }, field: [40, 80] },
  // Xinjiang: cotton, with wheat and maize in the north and in Kashgar.
  cotton: { summer: {}, autumn: { cotton: 0.85, maize: 0.08, other: 0.07 }, field: [200, 500] },
  cottonWheat: { summer: { wheat: 0.3 }, autumn: { cotton: 0.55, maize: 0.3, other: 0.15 }, field: [150, 400] },
  maizeOasis: { summer: { wheat: 0.15 }, autumn: { maize: 0.75, other: 0.25 }, field: [150, 300] },
} as const satisfies Record<string, CroppingSystem>;
export type SystemName = keyof typeof SYSTEMS;

/** Sample areas: a block of parcels in one county of the city (county picked deterministically), by cropping system. */
export const SAMPLE_AREAS: readonly { city: string; system: SystemName }[] = [
  { city: '4116', system: 'wheatMaize' }, // Zhoukou, Henan
  { city: '4114', system: 'wheatMaize' }, // Shangqiu, Henan
  { city: '3714', system: 'wheatMaizeCotton' }, // Dezhou, Shandong
  { city: '3715', system: 'wheatMaize' }, // Liaocheng, Shandong
  { city: '1311', system: 'wheatMaizeCotton' }, // Hengshui, Hebei
  { city: '3416', system: 'wheatMaize' }, // Bozhou, north Anhui
  { city: '3203', system: 'wheatMaize' }, // Xuzhou, north Jiangsu
  { city: '6104', system: 'wheatMaize' }, // Xianyang, Shaanxi
  { city: '2201', system: 'maizeNortheast' }, // Changchun, Jilin
  { city: '2203', system: 'maizeNortheast' }, // Siping, Jilin
  { city: '2311', system: 'soybeanNorth' }, // Heihe, Heilongjiang
  { city: '1507', system: 'soybeanNorth' }, // Hulunbuir, Inner Mongolia
  { city: '2308', system: 'sanjiang' }, // Jiamusi, Sanjiang plain
  { city: '2111', system: 'riceNorth' }, // Panjin, Liaoning
  { city: '4210', system: 'rapeRice' }, // Jingzhou, Hubei
  { city: '4306', system: 'rapeRice' }, // Yueyang, Hunan
  { city: '4307', system: 'rapeRice' }, // Changde, Hunan
  { city: '5106', system: 'sichuan' }, // Deyang, Chengdu plain
  { city: '3415', system: 'rapeRice' }, // Lu'an, Anhui
  { city: '3210', system: 'wheatRice' }, // Yangzhou, Jiangsu
  { city: '3609', system: 'riceSouth' }, // Yichun, Jiangxi
  { city: '4508', system: 'riceSouth' }, // Guigang, Guangxi
  { city: '6529', system: 'cotton' }, // Aksu, Xinjiang
  { city: '6531', system: 'cottonWheat' }, // Kashgar, Xinjiang
  { city: '6523', system: 'cottonWheat' }, // Changji, Xinjiang
  { city: '6207', system: 'maizeOasis' }, // Zhangye, Gansu
];

/** Parcels per sample area (columns × rows). */
const GRID: readonly [number, number] = [8, 6];

/** The county of each sample area: a rural county (not a district) of its city when there is one. */
export function sampleCounties(leaves: readonly string[]): string[] {
  const sorted = [...leaves].sort();
  return SAMPLE_AREAS.map((area, i) => {
    const inCity = sorted.filter((c) => c.startsWith(area.city));
    const rural = inCity.filter((c) => !isDistrict(c));
    const pool = rural.length ? rural : inCity;
    if (pool.length === 0) throw new Error(`planting demo: no county in city ${area.city}`);
    return pool[Math.floor(mulberry32(9100 + i)() * pool.length)]!;
  });
}

export interface PlantingParcel {
  key: number;
  xzqdm: string;
  wkt: string;
}
export interface PlantingParcelRow {
  key: number;
  year: number;
  season: PlantingSeason;
  crop: PlantingCrop;
  detectedOn: string;
  filename: string;
}

function cropOf(
  rng: Rng,
  weights: Partial<Record<PlantingCrop, number>>,
  trend: CroppingSystem['trend'],
  year: number,
): PlantingCrop | null {
  const crops = Object.keys(weights) as PlantingCrop[];
  if (crops.length === 0) return null;
  const w = crops.map((c) => (weights[c] ?? 0) * (trend?.[c]?.[year] ?? 1));
  const fallow = Math.max(0, 1 - w.reduce((a, b) => a + b, 0));
  const pickOne = weighted(rng, [...crops, null], [...w, fallow]);
  return pickOne;
}

/**
 * The parcels of every sample area (rectangles in a slightly rotated block around the anchor, gaps for
 * field roads) and their crop per season and year. A parcel keeps last year's crop of a season two
 * times in three unless its system's trend moves it.
 */
export function sampleParcels(
  counties: readonly string[],
  anchors: readonly (Xy | null)[],
): { parcels: PlantingParcel[]; rows: PlantingParcelRow[] } {
  const parcels: PlantingParcel[] = [];
  const rows: PlantingParcelRow[] = [];
  SAMPLE_AREAS.forEach((area, a) => {
    const anchor = anchors[a];
    if (!anchor) return;
    const system: CroppingSystem = SYSTEMS[area.system];
    const rng = mulberry32(9300 + a);
    const frame: Frame = { lon: anchor[0], lat: anchor[1] };
    const [w, d] = system.field;
    const angle = (rng() - 0.5) * 0.5;
    const gap = 6;
    const dates = PLANTING_YEARS.map((year) => ({
      summer: `${year}-05-${String(18 + Math.floor(rng() * 10)).padStart(2, '0')}`,
      autumn: `${year}-08-${String(10 + Math.floor(rng() * 15)).padStart(2, '0')}`,
    }));
    const scene = (season: PlantingSeason, y: number) =>
      `GF6_WFV_E${anchor[0].toFixed(1)}_N${anchor[1].toFixed(1)}_${dates[y]![season].replaceAll('-', '')}_L1A${String(1e9 + a * 1000 + y * 10 + (season === 'summer' ? 1 : 2))}`;
    for (let i = 0; i < GRID[0]; i++) {
      for (let j = 0; j < GRID[1]; j++) {
        const key = a * 1000 + i * GRID[1] + j + 1;
        const x0 = (i - GRID[0] / 2) * (w + gap);
        const y0 = (j - GRID[1] / 2) * (d + gap);
        // Some parcels are narrower or shorter: fields are not a perfect grid.
        const x1 = x0 + w * (0.75 + 0.25 * rng());
        const y1 = y0 + d * (0.8 + 0.2 * rng());
        const c = Math.cos(angle);
        const s = Math.sin(angle);
        const ring: Xy[] = (
          [
            [x0, y0],
            [x1, y0],
            [x1, y1],
            [x0, y1],
            [x0, y0],
          ] as const
        ).map(([x, y]) => [x * c - y * s, x * s + y * c] as const);
        parcels.push({ key, xzqdm: counties[a]!, wkt: multiPolygonWkt(frame, [[ring]]) });
        const last: Partial<Record<PlantingSeason, PlantingCrop | null>> = {};
        PLANTING_YEARS.forEach((year, y) => {
          for (const season of ['summer', 'autumn'] as const) {
            const previous = last[season];
            const fresh = cropOf(rng, system[season], system.trend, y);
            const keep = previous !== undefined && previous !== null && rng() < 0.6 && !system.trend?.[previous];
            const crop = keep ? previous : fresh;
            last[season] = crop;
            if (crop) rows.push({ key, year, season, crop, detectedOn: dates[y]![season], filename: scene(season, y) });
          }
        });
      }
    }
  });
  return { parcels, rows };
}
