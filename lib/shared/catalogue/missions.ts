/**
 * The missions of the imagery catalogue: which satellites and sensors the portal catalogues, how users
 * group them (Chinese optical, radar, international), and each sensor's figures (resolution, swath,
 * frame length, product level). One declaration read by the demo generator, the search filters, the
 * satellite/sensor tree of the image query screen and the STAC collections (one per satellite + sensor).
 *
 * Figures: swath and resolution from `data/satellites/satellites.json` (sources named there) and the
 * operators' published product specifications; frame length is the along-track size of one standard
 * scene (Landsat WRS-2 170 km, Sentinel-2 MGRS tile 110 km, CRESDA scenes about as long as wide).
 */

export type MissionGroup = 'cn-optical' | 'radar' | 'international';

export const MISSION_GROUPS: readonly MissionGroup[] = ['cn-optical', 'radar', 'international'];

export interface SensorSpec {
  /** Sensor code as users and file names know it, e.g. `PMS`, `WFV`, `OLI_TIRS`. */
  code: string;
  /** Best ground sample distance of the product, metres. */
  resolutionM: number;
  /** Cross-track width of one scene, km. */
  swathKm: number;
  /** Along-track length of one scene, km. */
  frameKm: number;
  /** Product level of the catalogued scenes, e.g. `L1A`, `L1TP`, `L1C`, `GRD`. */
  productLevel: string;
  /** Synthetic-aperture radar: images day and night, no cloud cover. */
  sar: boolean;
}

export interface Mission {
  /** Satellite code used in ids and filters, e.g. `GF1`, `GF1B`, `ZY302`, `CB04A`, `LC09`, `S2B`. */
  satellite: string;
  /** STAC `platform` (lower case, community spelling), e.g. `gf-1`, `landsat-9`, `sentinel-2b`. */
  platform: string;
  name: { zh: string; en: string };
  group: MissionGroup;
  /** NORAD catalogue numbers of the spacecraft whose TLEs the demo generator propagates. */
  norad: readonly number[];
  sensors: readonly SensorSpec[];
}

const optical = (code: string, resolutionM: number, swathKm: number, frameKm: number, productLevel = 'L1A'): SensorSpec => ({
  code,
  resolutionM,
  swathKm,
  frameKm,
  productLevel,
  sar: false,
});

const radar = (code: string, resolutionM: number, swathKm: number, frameKm: number, productLevel: string): SensorSpec => ({
  code,
  resolutionM,
  swathKm,
  frameKm,
  productLevel,
  sar: true,
});

export const MISSIONS: readonly Mission[] = [
  // Chinese optical
  { satellite: 'GF1', platform: 'gf-1', name: { zh: '高分一号', en: 'GF-1' }, group: 'cn-optical', norad: [39150], sensors: [optical('PMS', 2, 60, 60), optical('WFV', 16, 800, 200)] },
  { satellite: 'GF1B', platform: 'gf-1b', name: { zh: '高分一号B星', en: 'GF-1B' }, group: 'cn-optical', norad: [43259], sensors: [optical('PMS', 2, 60, 60)] },
  { satellite: 'GF1C', platform: 'gf-1c', name: { zh: '高分一号C星', en: 'GF-1C' }, group: 'cn-optical', norad: [43260], sensors: [optical('PMS', 2, 60, 60)] },
  { satellite: 'GF1D', platform: 'gf-1d', name: { zh: '高分一号D星', en: 'GF-1D' }, group: 'cn-optical', norad: [43262], sensors: [optical('PMS', 2, 60, 60)] },
  { satellite: 'GF2', platform: 'gf-2', name: { zh: '高分二号', en: 'GF-2' }, group: 'cn-optical', norad: [40118], sensors: [optical('PMS', 0.8, 45, 45)] },
  { satellite: 'GF6', platform: 'gf-6', name: { zh: '高分六号', en: 'GF-6' }, group: 'cn-optical', norad: [43484], sensors: [optical('PMS', 2, 90, 90), optical('WFV', 16, 800, 200)] },
  { satellite: 'GF7', platform: 'gf-7', name: { zh: '高分七号', en: 'GF-7' }, group: 'cn-optical', norad: [44703], sensors: [optical('DLC', 0.65, 20, 20)] },
  { satellite: 'ZY302', platform: 'zy-3-02', name: { zh: '资源三号02星', en: 'ZY-3 02' }, group: 'cn-optical', norad: [41556], sensors: [optical('NAD', 2.1, 51, 51), optical('MUX', 5.8, 51, 51)] },
  { satellite: 'ZY303', platform: 'zy-3-03', name: { zh: '资源三号03星', en: 'ZY-3 03' }, group: 'cn-optical', norad: [45939], sensors: [optical('NAD', 2.1, 51, 51), optical('MUX', 5.8, 51, 51)] },
  { satellite: 'ZY1-02C', platform: 'zy-1-02c', name: { zh: '资源一号02C星', en: 'ZY-1 02C' }, group: 'cn-optical', norad: [38038], sensors: [optical('PMS', 5, 60, 60), optical('HRC', 2.36, 54, 54)] },
  { satellite: 'ZY1-02D', platform: 'zy-1-02d', name: { zh: '资源一号02D星', en: 'ZY-1 02D' }, group: 'cn-optical', norad: [44528], sensors: [optical('VNIC', 2.5, 115, 115), optical('AHSI', 30, 60, 60)] },
  { satellite: 'ZY1-02E', platform: 'zy-1-02e', name: { zh: '资源一号02E星', en: 'ZY-1 02E' }, group: 'cn-optical', norad: [50465], sensors: [optical('VNIC', 2.5, 115, 115), optical('AHSI', 30, 60, 60)] },
  { satellite: 'CB04A', platform: 'cbers-4a', name: { zh: '中巴地球资源卫星04A星', en: 'CBERS-04A' }, group: 'cn-optical', norad: [44883], sensors: [optical('WPM', 2, 92, 92), optical('MUX', 16, 95, 95), optical('WFI', 55, 684, 684)] },
  { satellite: 'JL1', platform: 'jilin-1', name: { zh: '吉林一号', en: 'Jilin-1' }, group: 'cn-optical', norad: [44777, 44836, 44312, 45016, 49003, 52443], sensors: [optical('PMS', 0.75, 17, 17), optical('KF', 0.5, 136, 60)] },
  { satellite: 'SV1', platform: 'superview-1', name: { zh: '高景一号', en: 'SuperView-1' }, group: 'cn-optical', norad: [43099], sensors: [optical('PMS', 0.5, 12, 12)] },
  { satellite: 'BJ2', platform: 'beijing-2', name: { zh: '北京二号', en: 'Beijing-2' }, group: 'cn-optical', norad: [40715, 40716, 40717], sensors: [optical('PMS', 0.8, 23, 23)] },
  // Radar
  { satellite: 'GF3', platform: 'gf-3', name: { zh: '高分三号', en: 'GF-3' }, group: 'radar', norad: [41727, 49495, 52200], sensors: [radar('FSII', 10, 100, 100, 'L1A')] },
  { satellite: 'S1A', platform: 'sentinel-1a', name: { zh: '哨兵一号A星', en: 'Sentinel-1A' }, group: 'radar', norad: [39634], sensors: [radar('IW', 20, 250, 170, 'GRD')] },
  { satellite: 'S1C', platform: 'sentinel-1c', name: { zh: '哨兵一号C星', en: 'Sentinel-1C' }, group: 'radar', norad: [62261], sensors: [radar('IW', 20, 250, 170, 'GRD')] },
  // International optical
  { satellite: 'LC08', platform: 'landsat-8', name: { zh: '陆地卫星8号', en: 'Landsat 8' }, group: 'international', norad: [39084], sensors: [optical('OLI_TIRS', 15, 185, 170, 'L1TP')] },
  { satellite: 'LC09', platform: 'landsat-9', name: { zh: '陆地卫星9号', en: 'Landsat 9' }, group: 'international', norad: [49260], sensors: [optical('OLI_TIRS', 15, 185, 170, 'L1TP')] },
  { satellite: 'S2A', platform: 'sentinel-2a', name: { zh: '哨兵二号A星', en: 'Sentinel-2A' }, group: 'international', norad: [40697], sensors: [optical('MSI', 10, 290, 110, 'L1C')] },
  { satellite: 'S2B', platform: 'sentinel-2b', name: { zh: '哨兵二号B星', en: 'Sentinel-2B' }, group: 'international', norad: [42063], sensors: [optical('MSI', 10, 290, 110, 'L1C')] },
  { satellite: 'S2C', platform: 'sentinel-2c', name: { zh: '哨兵二号C星', en: 'Sentinel-2C' }, group: 'international', norad: [60989], sensors: [optical('MSI', 10, 290, 110, 'L1C')] },
];

/** A STAC collection id: satellite and sensor, lower case (`gf1-pms`, `lc09-oli_tirs`). */
export const collectionId = (satellite: string, sensor: string): string => `${satellite}-${sensor}`.toLowerCase();

export interface CollectionSpec {
  id: string;
  mission: Mission;
  sensor: SensorSpec;
}

/** Every declared satellite + sensor pair, in declaration order. */
export const COLLECTIONS: readonly CollectionSpec[] = MISSIONS.flatMap((mission) =>
  mission.sensors.map((sensor) => ({ id: collectionId(mission.satellite, sensor.code), mission, sensor })),
);

const byId = new Map(COLLECTIONS.map((c) => [c.id, c]));

export const findCollection = (id: string): CollectionSpec | undefined => byId.get(id);

export const SATELLITE_CODES: readonly string[] = MISSIONS.map((m) => m.satellite);
