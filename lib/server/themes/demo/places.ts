import 'server-only';
/**
 * Where the demo facilities of the wind, PV, road and steel themes stand: real county codes (or city
 * prefixes, expanded to the city's counties) of the regions table, looked up by name, with the share of
 * features each area gets. Offshore wind has explicit sea positions, each checked to lie outside every
 * county and within 25 km of the coastal county it is assigned to.
 */

export interface Area {
  /** County codes (6 digits) or city prefixes (4 digits) or province prefixes (2 digits). */
  codes: readonly string[];
  /** Features of this area, over the whole demo (all batches). */
  n: number;
}

export interface OffshoreSite {
  /** The coastal county the farms report to. */
  county: string;
  lon: number;
  lat: number;
  farms: number;
}

// Wind: Inner Mongolia (Ulanqab, Xilingol, Baotou, Chifeng, the east), Hebei Zhangjiakou and Chengde,
// Gansu Jiuquan and Hexi, Xinjiang (Hami, Dabancheng–Turpan, Changji), Ningxia, north Shanxi, west
// Jilin, north Shaanxi.
export const WIND_AREAS: readonly Area[] = [
  { codes: ['1509'], n: 38 },
  { codes: ['152502', '152522', '152524', '152529'], n: 30 },
  { codes: ['150222', '150223'], n: 14 },
  { codes: ['150423', '150425', '150426', '150429'], n: 22 },
  { codes: ['150521', '150526', '152221', '152222', '152224'], n: 12 },
  { codes: ['150824', '150825'], n: 10 },
  { codes: ['130722', '130723', '130724', '130725'], n: 38 },
  { codes: ['130826', '130828'], n: 10 },
  { codes: ['620922', '620981', '620921', '620982'], n: 34 },
  { codes: ['620621', '620725'], n: 7 },
  { codes: ['650502', '650521'], n: 24 },
  { codes: ['650107', '650421', '650422'], n: 15 },
  { codes: ['652328', '652325'], n: 7 },
  { codes: ['640323', '640303', '640181', '640502', '640522'], n: 20 },
  { codes: ['140221', '140222', '140226', '140603', '140623', '140932', '140928'], n: 16 },
  { codes: ['220822', '220881', '220882', '220722'], n: 14 },
  { codes: ['610825', '610824'], n: 8 },
];

export const WIND_OFFSHORE: readonly OffshoreSite[] = [
  { county: '320623', lon: 121.55, lat: 32.55, farms: 6 }, // Rudong
  { county: '320681', lon: 122.0, lat: 31.9, farms: 2 }, // Qidong
  { county: '320904', lon: 121.05, lat: 33.2, farms: 4 }, // Dafeng
  { county: '320924', lon: 120.75, lat: 33.85, farms: 3 }, // Sheyang
  { county: '320922', lon: 120.55, lat: 34.35, farms: 2 }, // Binhai
  { county: '350128', lon: 120.0, lat: 25.4, farms: 3 }, // Pingtan
  { county: '350305', lon: 119.35, lat: 25.0, farms: 2 }, // Putian Xiuyu
  { county: '350623', lon: 117.95, lat: 23.8, farms: 2 }, // Zhangpu
  { county: '441721', lon: 111.6, lat: 21.35, farms: 4 }, // Yangxi (Yangjiang)
  { county: '441581', lon: 115.75, lat: 22.65, farms: 2 }, // Lufeng (Shanwei)
  { county: '440523', lon: 117.2, lat: 23.3, farms: 2 }, // Nan'ao
  { county: '440825', lon: 110.7, lat: 20.45, farms: 2 }, // Xuwen
];

export type PvLanduse = 'desert' | 'grassland' | 'water' | 'farmland' | 'roof' | 'other';

export interface PvArea extends Area {
  landuse: PvLanduse;
  /** Distributed (small, often roofs) instead of utility-scale. */
  distributed?: boolean;
}

// PV: deserts and Gobi in Qinghai, Ningxia, Ordos, Gansu, Xinjiang and Alxa; grassland in Inner
// Mongolia and Qinghai; fishery-PV on Huainan's subsidence lakes, Jiangsu's and Shandong's ponds;
// agrivoltaics on the North China Plain; roofs of eastern cities.
export const PV_AREAS: readonly PvArea[] = [
  { landuse: 'desert', codes: ['632801'], n: 22 },
  { landuse: 'desert', codes: ['632521'], n: 28 },
  { landuse: 'desert', codes: ['632802', '632821', '632822'], n: 12 },
  { landuse: 'desert', codes: ['640502', '640521'], n: 22 },
  { landuse: 'desert', codes: ['6401', '640181', '640323'], n: 16 },
  { landuse: 'desert', codes: ['150621', '150625'], n: 26 },
  { landuse: 'desert', codes: ['150624', '150623'], n: 10 },
  { landuse: 'desert', codes: ['620921', '620922', '620982', '620981'], n: 20 },
  { landuse: 'desert', codes: ['620621', '620622', '6203'], n: 14 },
  { landuse: 'desert', codes: ['650502', '650402', '650421'], n: 20 },
  { landuse: 'desert', codes: ['652325', '652327'], n: 8 },
  { landuse: 'desert', codes: ['1529', '1503', '150822'], n: 14 },
  { landuse: 'desert', codes: ['610824', '610825'], n: 8 },
  { landuse: 'grassland', codes: ['1509'], n: 14 },
  { landuse: 'grassland', codes: ['1525'], n: 10 },
  { landuse: 'grassland', codes: ['150222', '150223', '1504'], n: 14 },
  { landuse: 'grassland', codes: ['1522', '1505'], n: 8 },
  { landuse: 'grassland', codes: ['632525', '632223'], n: 6 },
  { landuse: 'water', codes: ['340406', '340421', '340404', '340405', '340403', '340402', '340422'], n: 28 },
  { landuse: 'water', codes: ['341226'], n: 6 },
  { landuse: 'water', codes: ['321281', '321084', '321023', '320831', '320830', '320813', '321324'], n: 22 },
  { landuse: 'water', codes: ['370826', '370827', '370828', '370829', '370832', '370923'], n: 14 },
  { landuse: 'farmland', codes: ['1305', '1304', '1309', '1306', '1301'], n: 38 },
  { landuse: 'farmland', codes: ['3714', '3715', '3717'], n: 32 },
  { landuse: 'farmland', codes: ['4114', '4116', '4117', '4113'], n: 36 },
  { landuse: 'other', codes: ['1401', '1404', '1407', '6108'], n: 12 },
  { landuse: 'farmland', distributed: true, codes: ['1305', '1309', '3714', '3717', '4116', '4117'], n: 60 },
  {
    landuse: 'roof',
    distributed: true,
    codes: ['3101', '3205', '3202', '3204', '3301', '3302', '4406', '4419', '4403', '3701', '3702', '4101', '3401', '1201', '1101'],
    n: 170,
  },
];

export interface SteelArea extends Area {
  /** Share of blast-furnace plants; the rest are electric arc furnaces. */
  bf: number;
}

// Steel: Tangshan (Qian'an, Qianxi, Fengnan, Caofeidian, …), Handan (Wu'an) and Xingtai, southern
// Jiangsu (Zhangjiagang, Jiangyin, Changzhou), Liaoning (Anshan, Benxi, Yingkou), Shandong (Rizhao,
// Linyi), Shanxi, Wuhan and Ma'anshan; electric arc furnaces across the south.
export const STEEL_AREAS: readonly SteelArea[] = [
  { bf: 0.9, codes: ['130283'], n: 18 },
  { bf: 0.9, codes: ['130227'], n: 10 },
  { bf: 0.9, codes: ['130207'], n: 12 },
  { bf: 0.9, codes: ['130209'], n: 8 },
  { bf: 0.85, codes: ['130284', '130281', '130225'], n: 14 },
  { bf: 0.9, codes: ['130481'], n: 22 },
  { bf: 0.8, codes: ['130406', '130426', '130427', '130582'], n: 11 },
  { bf: 0.55, codes: ['320582', '320281'], n: 12 },
  { bf: 0.4, codes: ['320412', '320481', '320282'], n: 13 },
  { bf: 0.85, codes: ['2103'], n: 8 },
  { bf: 0.85, codes: ['2105'], n: 5 },
  { bf: 0.8, codes: ['210804', '210811'], n: 5 },
  { bf: 0.8, codes: ['371103'], n: 4 },
  { bf: 0.75, codes: ['371302', '371329', '371327'], n: 8 },
  { bf: 0.85, codes: ['1401', '1404', '1407', '1408', '1410', '1411'], n: 36 },
  { bf: 0.7, codes: ['420107', '420117', '4207', '4211'], n: 8 },
  { bf: 0.7, codes: ['3405', '3402'], n: 5 },
  { bf: 0.1, codes: ['4406', '4401', '4402', '4417', '4419'], n: 21 },
  { bf: 0.15, codes: ['4502', '4508'], n: 8 },
  { bf: 0.15, codes: ['3504', '3501', '350981'], n: 11 },
  { bf: 0.2, codes: ['3603', '3605', '4303', '4313'], n: 12 },
  { bf: 0.1, codes: ['5101', '5002', '53', '52'], n: 20 },
  { bf: 0.1, codes: ['33'], n: 8 },
];

/**
 * Roads: new or changed segments per quarter by province, denser in the east and the populous centre,
 * sparse on the plateaus. Provinces not listed (Taiwan, Hong Kong, Macao) have none.
 */
export const ROAD_PROVINCE_WEIGHTS: Readonly<Record<string, number>> = {
  '11': 1.2,
  '12': 1.0,
  '13': 1.4,
  '14': 0.9,
  '15': 0.5,
  '21': 0.8,
  '22': 0.6,
  '23': 0.5,
  '31': 1.2,
  '32': 1.8,
  '33': 1.7,
  '34': 1.3,
  '35': 1.3,
  '36': 1.0,
  '37': 1.7,
  '41': 1.4,
  '42': 1.1,
  '43': 1.0,
  '44': 1.7,
  '45': 0.8,
  '46': 0.6,
  '50': 1.0,
  '51': 0.8,
  '52': 0.8,
  '53': 0.6,
  '54': 0.15,
  '61': 0.8,
  '62': 0.4,
  '63': 0.2,
  '64': 0.5,
  '65': 0.25,
};
