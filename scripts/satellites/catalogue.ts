/**
 * The curated satellite catalogue, written for this project: one entry per page of the route registry.
 * `npm run data:satellites` (scripts/satellites/build.ts) merges the orbit figures, identifiers, launch
 * dates and active status from ../shared/data/satellites into data/satellites/satellites.json.
 *
 * Rules (data/satellites/SOURCE.md): only facts found in the named sources or widely published by the
 * operators; a figure we could not confirm is null and the page says "not published". Dates are UTC.
 */
import type { BilingualText } from '../../lib/shared/satellites/data-file';
import type {
  OperatorType,
  OrbitType,
  SatelliteArea,
  SatelliteCountry,
  SatelliteGroup,
  SensorKind,
  SensorModeKind,
} from '../../lib/shared/satellites/model';

export interface CatalogueMember {
  name: string;
  nameZh?: string;
  norad?: number;
  cospar?: string;
  /** UTC launch date; wins over the UCS date (which is sometimes the local date). */
  launch?: string;
  /** A documented end of the spacecraft (otherwise derived from the CelesTrak active list). */
  status?: 'retired' | 'lost';
  note?: BilingualText;
}

export interface CatalogueSensor {
  code: string;
  name: BilingualText;
  kind: SensorKind;
  bands?: BilingualText;
  resolution?: BilingualText;
  bestResolutionM?: number;
  swathKm?: number;
  swath?: BilingualText;
  /**
   * Largest off-nadir (side-looking, roll) angle in degrees from a named source; 0 for a sensor that only looks
   * straight down. Left out where no source publishes it, and for radar (its swath is already an off-nadir range).
   */
  maxOffNadirDeg?: number;
  /** Imaging modes, where resolution and swath depend on the mode (a SAR's): each with its own published pair. */
  modes?: CatalogueSensorMode[];
}

export interface CatalogueSensorMode {
  code: string;
  name: BilingualText;
  kind: SensorModeKind;
  resolutionM: number;
  swathKm: number;
}

export interface CatalogueEntry {
  slug: string;
  area: SatelliteArea;
  group: SatelliteGroup;
  countries: SatelliteCountry[];
  name: BilingualText;
  shortName: string;
  agency?: BilingualText;
  operator?: BilingualText;
  operatorType: OperatorType;
  orbit: { type: OrbitType; altitudeKm?: number; inclinationDeg?: number; localTime?: BilingualText; repeatDays?: number };
  revisit?: BilingualText;
  designLife?: BilingualText;
  members: CatalogueMember[];
  /** Adds every row of ../shared/data/satellites/satellites.csv whose CelesTrak name matches. */
  membersFromCsv?: { match: RegExp; exclude?: RegExp };
  /** Adds every object of the CelesTrak active list whose name matches. */
  membersFromTle?: { match: RegExp };
  /** A fleet too large to list: counted in the CelesTrak active list. */
  fleet?: { match: RegExp; note: BilingualText };
  /** Mission status when it cannot be derived from listed spacecraft. */
  status?: 'operational' | 'partly' | 'retired';
  sensors: CatalogueSensor[];
  description: BilingualText;
  imagery?: {
    uses: BilingualText[];
    products: { sensor: string; prefix: string; resolutionM: number; sceneKm: number; optical: boolean }[];
  };
  sources: { title: string; url: string }[];
}

const t = (zh: string, en: string): BilingualText => ({ zh, en });

const SSO_1030_DESC = t('降交点地方时 10:30', '10:30 descending node');
const DAWN_DUSK = t('晨昏轨道（约 06:00 / 18:00）', 'dawn–dusk orbit (about 06:00 / 18:00)');
const CNSA = t('国家航天局', 'China National Space Administration (CNSA)');
const CRESDA = t('中国资源卫星应用中心', 'China Centre for Resources Satellite Data and Application (CRESDA)');
const GF_REVIEW = {
  title:
    'Chen L. et al., An Introduction to the Chinese High-Resolution Earth Observation System: Gaofen-1~7 Civilian Satellites, Journal of Remote Sensing, 2022',
  url: 'https://doi.org/10.34133/2022/9769536',
};
const GF_PROJECT_GT = {
  title: 'Global Times, 2019-12-12: Gaofen project satellites (CNSA)',
  url: 'http://www.globaltimes.cn/content/1173353.shtml',
};
const CRESDA_SITE = { title: 'China Centre for Resources Satellite Data and Application (CRESDA)', url: 'https://www.cresda.com/' };
const PAN_MS4 = t(
  '全色 1 个谱段；多光谱 4 个谱段（蓝、绿、红、近红外）',
  'panchromatic; 4 multispectral bands (blue, green, red, near infrared)',
);
const MS4 = t('4 个谱段（蓝、绿、红、近红外）', '4 bands (blue, green, red, near infrared)');
/**
 * GF-3's twelve C-SAR imaging modes (the extended-incidence mode has a low and a high beam), resolution and swath
 * as Chen L. et al. 2022 (GF_REVIEW), Table 4, gives them; GF-3 02 and 03 keep the same modes.
 */
const GF3_MODES: CatalogueSensorMode[] = [
  { code: 'SL', name: t('聚束', 'Spotlight'), kind: 'spotlight', resolutionM: 1, swathKm: 10 },
  { code: 'UFS', name: t('超精细条带', 'Ultra-fine stripmap'), kind: 'stripmap', resolutionM: 3, swathKm: 30 },
  { code: 'FSI', name: t('精细条带 1', 'Fine stripmap 1'), kind: 'stripmap', resolutionM: 5, swathKm: 50 },
  { code: 'FSII', name: t('精细条带 2', 'Fine stripmap 2'), kind: 'stripmap', resolutionM: 10, swathKm: 100 },
  { code: 'SS', name: t('标准条带', 'Standard stripmap'), kind: 'stripmap', resolutionM: 25, swathKm: 130 },
  { code: 'QPSI', name: t('全极化条带 1', 'Quad-polarisation stripmap 1'), kind: 'stripmap', resolutionM: 8, swathKm: 30 },
  { code: 'QPSII', name: t('全极化条带 2', 'Quad-polarisation stripmap 2'), kind: 'stripmap', resolutionM: 25, swathKm: 40 },
  { code: 'NSC', name: t('窄幅扫描', 'Narrow ScanSAR'), kind: 'scansar', resolutionM: 50, swathKm: 300 },
  { code: 'WSC', name: t('宽幅扫描', 'Wide ScanSAR'), kind: 'scansar', resolutionM: 100, swathKm: 500 },
  { code: 'GLO', name: t('全球观测', 'Global observation'), kind: 'scansar', resolutionM: 500, swathKm: 650 },
  { code: 'WAV', name: t('波成像', 'Wave'), kind: 'wave', resolutionM: 10, swathKm: 5 },
  { code: 'EXT-L', name: t('扩展入射角（低）', 'Extended incidence, low'), kind: 'stripmap', resolutionM: 25, swathKm: 130 },
  { code: 'EXT-H', name: t('扩展入射角（高）', 'Extended incidence, high'), kind: 'stripmap', resolutionM: 25, swathKm: 80 },
];

export const CATALOGUE: CatalogueEntry[] = [
  // ── Chinese satellites ─────────────────────────────────────────────────────────────────────────
  {
    slug: 'zy102c',
    area: 'cn',
    group: 'optical',
    countries: ['CN'],
    name: t('资源一号02C卫星', 'ZY-1 02C (Ziyuan-1 02C)'),
    shortName: 'ZY-1 02C',
    agency: CNSA,
    operator: CRESDA,
    operatorType: 'government',
    orbit: { type: 'sso' },
    members: [{ name: 'ZY-1 02C', nameZh: '资源一号02C星', norad: 38038 }],
    sensors: [
      {
        code: 'P/MS',
        name: t('全色多光谱相机', 'Panchromatic and multispectral camera'),
        kind: 'pan-multispectral',
        resolution: t('全色 5 m，多光谱 10 m', 'panchromatic 5 m, multispectral 10 m'),
        bestResolutionM: 5,
      },
      {
        code: 'HR',
        name: t('高分辨率相机（2 台）', 'High-resolution cameras (2)'),
        kind: 'pan-multispectral',
        bands: t('全色', 'panchromatic'),
        resolution: t('全色 2.36 m', 'panchromatic 2.36 m'),
        bestResolutionM: 2.36,
      },
    ],
    description: t(
      '资源一号02C卫星于2011年12月发射，搭载两台2.36米分辨率的高分辨率相机和一台5米全色、10米多光谱的全色多光谱相机。其影像主要服务于国土资源调查、土地利用动态监测和地质矿产调查等业务。',
      'Launched in December 2011, ZY-1 02C carries two 2.36 m high-resolution panchromatic cameras and a camera with 5 m panchromatic and 10 m multispectral channels. Its imagery serves land-resource surveys, land-use change monitoring and geological and mineral surveys.',
    ),
    sources: [
      CRESDA_SITE,
      {
        title: "People's Daily, 2012-03-19, as reported by chinajungong.com: ZY-1 02C camera parameters",
        url: 'http://www.chinajungong.com/',
      },
    ],
  },
  {
    slug: 'zy102d',
    area: 'cn',
    group: 'hyperspectral',
    countries: ['CN'],
    name: t('资源一号02D卫星', 'ZY-1 02D (Ziyuan-1 02D)'),
    shortName: 'ZY-1 02D',
    agency: CNSA,
    operator: CRESDA,
    operatorType: 'government',
    orbit: { type: 'sso', localTime: SSO_1030_DESC },
    members: [{ name: 'ZY-1 02D', nameZh: '资源一号02D星', norad: 44528 }],
    sensors: [
      {
        code: 'VNIC',
        name: t('可见近红外相机', 'Visible and near-infrared camera'),
        kind: 'pan-multispectral',
        bands: t(
          '全色 451–902 nm；多光谱 8 个谱段（海岸蓝、蓝、绿、黄、红、红边、近红外 1、近红外 2）',
          'panchromatic 451–902 nm; 8 multispectral bands (coastal blue, blue, green, yellow, red, red edge, NIR 1, NIR 2)',
        ),
        resolution: t('全色 2.5 m，多光谱 10 m', 'panchromatic 2.5 m, multispectral 10 m'),
        bestResolutionM: 2.5,
        swathKm: 115,
      },
      {
        code: 'AHSI',
        name: t('高光谱相机', 'Advanced hyperspectral imager'),
        kind: 'hyperspectral',
        bands: t('可见近红外与短波红外共 166 个谱段（400–2500 nm）', '166 bands from visible to short-wave infrared (400–2500 nm)'),
        resolution: t('30 m', '30 m'),
        bestResolutionM: 30,
        swathKm: 60,
      },
    ],
    description: t(
      '资源一号02D卫星（又称5米光学卫星）于2019年9月发射，同时搭载可见近红外相机和高光谱相机：前者以115公里幅宽获取2.5米全色和10米八谱段多光谱影像，后者以30米分辨率获取166个谱段的连续光谱。它是自然资源调查监测的主力中分辨率卫星，广泛用于土地利用、矿产资源、生态环境和水体监测。',
      'ZY-1 02D (also called the 5 m optical satellite) was launched in September 2019 with two instruments: a visible/near-infrared camera imaging a 115 km swath at 2.5 m panchromatic and 10 m in eight multispectral bands, and a hyperspectral imager recording 166 contiguous bands at 30 m. It is a workhorse of natural-resources surveys: land use, minerals, ecology and water.',
    ),
    sources: [
      CRESDA_SITE,
      {
        title: 'CATALYST (PCI Geomatics) reference: ZY1E (ZY-1 02D) VNIC bands and swath',
        url: 'https://catalyst.earth/catalyst-system-files/enterprise-aerial-help/references/gdb_r/zy1e.html',
      },
    ],
  },
  {
    slug: 'cbers04a',
    area: 'cn',
    group: 'optical',
    countries: ['CN', 'BR'],
    name: t('中巴地球资源卫星04A星', 'CBERS-04A (China–Brazil Earth Resources Satellite 04A)'),
    shortName: 'CBERS-04A',
    agency: t('国家航天局、巴西国家空间研究院（INPE）', 'CNSA and Brazil’s National Institute for Space Research (INPE)'),
    operator: t('中国资源卫星应用中心、巴西国家空间研究院', 'CRESDA and INPE'),
    operatorType: 'government',
    orbit: { type: 'sso', localTime: SSO_1030_DESC, repeatDays: 31 },
    revisit: t('31 天（WFI 宽视场相机 5 天）', '31 days (5 days with the wide-field imager)'),
    members: [{ name: 'CBERS-04A', nameZh: '中巴地球资源卫星04A星', norad: 44883 }],
    sensors: [
      {
        code: 'WPM',
        name: t('宽幅全色多光谱相机', 'Wide-swath panchromatic and multispectral camera'),
        kind: 'pan-multispectral',
        bands: PAN_MS4,
        resolution: t('全色 2 m，多光谱 8 m', 'panchromatic 2 m, multispectral 8 m'),
        bestResolutionM: 2,
        swathKm: 92,
      },
      {
        code: 'MUX',
        name: t('多光谱相机', 'Multispectral camera'),
        kind: 'multispectral',
        bands: MS4,
        resolution: t('16 m', '16 m'),
        bestResolutionM: 16,
        swathKm: 95,
      },
      {
        code: 'WFI',
        name: t('宽视场成像仪', 'Wide-field imager'),
        kind: 'multispectral',
        bands: MS4,
        resolution: t('55 m', '55 m'),
        bestResolutionM: 55,
        swathKm: 684,
      },
    ],
    description: t(
      '中巴地球资源卫星04A星由中国和巴西联合研制，2019年12月发射，是中巴卫星合作计划的第六颗卫星。星上的中方宽幅全色多光谱相机提供2米全色和8米多光谱影像，巴方的多光谱相机和宽视场成像仪提供16米和55米影像，兼顾精细观测与大范围快速覆盖，用于两国的资源调查、农业、森林和城市监测。',
      'Built jointly by China and Brazil and launched in December 2019, CBERS-04A is the sixth satellite of the China–Brazil programme. The Chinese wide-swath camera delivers 2 m panchromatic and 8 m multispectral imagery; Brazil’s multispectral camera and wide-field imager add 16 m and 55 m coverage, so one satellite serves both detailed mapping and rapid wide-area monitoring of resources, agriculture, forests and cities.',
    ),
    sources: [
      CRESDA_SITE,
      { title: 'INPE, CBERS programme', url: 'http://www.cbers.inpe.br/' },
      {
        title: 'macauhub, 2020-01-02: Brazil receives first images from CBERS-4A',
        url: 'https://macauhub.com.mo/2020/01/02/pt-brasil-recebe-primeiras-imagens-do-satelite-sino-brasileiro-cbers-4a/',
      },
    ],
  },
  {
    slug: 'zy3',
    area: 'cn',
    group: 'optical',
    countries: ['CN'],
    name: t('资源三号卫星', 'ZY-3 (Ziyuan-3) stereo mapping satellites'),
    shortName: 'ZY-3',
    agency: t(
      '自然资源部（原国家测绘地理信息局）',
      'Ministry of Natural Resources (formerly the National Administration of Surveying, Mapping and Geoinformation)',
    ),
    operator: CRESDA,
    operatorType: 'government',
    orbit: { type: 'sso', localTime: SSO_1030_DESC },
    members: [
      { name: 'ZY-3 01', nameZh: '资源三号01星', norad: 38046 },
      { name: 'ZY-3 02', nameZh: '资源三号02星', norad: 41556, launch: '2016-05-30' },
      { name: 'ZY-3 03', nameZh: '资源三号03星', norad: 45939 },
      { name: 'ZY-3 04', nameZh: '资源三号04星', norad: 67131 },
    ],
    sensors: [
      {
        code: 'TLC',
        name: t('三线阵立体测绘相机', 'Three-line array stereo camera'),
        kind: 'pan-multispectral',
        bands: t('全色', 'panchromatic'),
        resolution: t('正视 2.1 m，前后视 3.5 m（01星）', 'nadir 2.1 m, forward/backward 3.5 m (ZY-3 01)'),
        bestResolutionM: 2.1,
        swathKm: 51,
        maxOffNadirDeg: 32,
      },
      {
        code: 'MUX',
        name: t('多光谱相机', 'Multispectral camera'),
        kind: 'multispectral',
        bands: MS4,
        resolution: t('5.8 m', '5.8 m'),
        bestResolutionM: 5.8,
        swathKm: 51,
      },
    ],
    description: t(
      '资源三号是我国第一个民用高分辨率立体测绘卫星系列，01星于2012年1月发射，此后02、03星相继入轨组网。卫星以正视、前视、后视三台相机同轨获取立体像对，可生产数字表面模型、数字正射影像等产品，满足1:50000比例尺测图和更大比例尺地图修测的需要，也是国土资源调查和地理国情监测的重要数据源。',
      'ZY-3 is China’s first civil high-resolution stereo mapping series: ZY-3 01 was launched in January 2012, followed by 02 and 03. Nadir, forward and backward cameras image the same strip on one pass, producing stereo pairs for digital surface models and orthoimages at 1:50,000 scale and for updating larger-scale maps; the imagery is also a mainstay of land-resource and geographic-conditions monitoring.',
    ),
    imagery: {
      uses: [
        t(
          '立体测图：生产数字表面模型（DSM）、数字高程模型（DEM）和数字正射影像（DOM）',
          'Stereo mapping: digital surface and elevation models (DSM/DEM) and orthoimages (DOM)',
        ),
        t('1:50000 地形图测制与更大比例尺地图修测', 'Topographic mapping at 1:50,000 and updating larger-scale maps'),
        t('地理国情监测、土地利用变化和城乡建设监测', 'Geographic-conditions monitoring, land-use change and urban and rural construction'),
        t('多光谱影像用于植被、水体和农业调查', 'Multispectral imagery for vegetation, water and agricultural surveys'),
      ],
      products: [
        { sensor: 'NAD', prefix: 'ZY3', resolutionM: 2.1, sceneKm: 51, optical: true },
        { sensor: 'MUX', prefix: 'ZY3', resolutionM: 5.8, sceneKm: 51, optical: true },
      ],
    },
    sources: [
      CRESDA_SITE,
      { title: 'CRESDA: ZY-3 satellite parameters (side-looking up to ±32°)', url: 'https://www.cresda.com/' },
      { title: 'eoPortal: ZY-3A (Zi Yuan-3A)', url: 'https://eoportal.org/web/eoportal/satellite-missions/v-w-x-y-z/zy-3a' },
      { title: 'CEODE (CAS), 2012-01-18: first ZY-3 data received', url: 'http://english.ceode.cas.cn/ns/icn/201201/t20120118_80948.html' },
    ],
  },
  {
    slug: 'gf1bcd',
    area: 'cn',
    group: 'optical',
    countries: ['CN'],
    name: t('高分一号B/C/D卫星', 'GF-1 B/C/D (Gaofen-1 02/03/04)'),
    shortName: 'GF-1 B/C/D',
    agency: CNSA,
    operator: CRESDA,
    operatorType: 'government',
    orbit: { type: 'sso' },
    members: [
      { name: 'GF-1 B', nameZh: '高分一号B星', norad: 43259 },
      { name: 'GF-1 C', nameZh: '高分一号C星', norad: 43260 },
      { name: 'GF-1 D', nameZh: '高分一号D星', norad: 43262 },
    ],
    sensors: [
      {
        code: 'PMS',
        name: t('全色多光谱相机', 'Panchromatic and multispectral camera'),
        kind: 'pan-multispectral',
        bands: PAN_MS4,
        resolution: t('全色 2 m，多光谱优于 8 m', 'panchromatic 2 m, multispectral better than 8 m'),
        bestResolutionM: 2,
        swathKm: 60,
        swath: t('每星大于 60 km', 'over 60 km per satellite'),
        maxOffNadirDeg: 35,
      },
    ],
    description: t(
      '高分一号B、C、D三颗卫星于2018年3月31日以一箭三星方式发射，是我国首个民用高分辨率光学业务卫星星座。三星在同一轨道面组网运行，单星即可获取2米全色和8米多光谱、幅宽60公里以上的影像，大幅提高了同一地区的重访能力，服务于自然资源、生态环境和农业农村等部门的业务监测。',
      'GF-1 B, C and D were launched together on 31 March 2018 as China’s first operational civil constellation of high-resolution optical satellites. Flying in one orbital plane, each acquires 2 m panchromatic and 8 m multispectral imagery over a swath of more than 60 km, greatly shortening revisits for the operational monitoring of natural resources, the environment and agriculture.',
    ),
    sources: [
      CRESDA_SITE,
      { title: 'CRESDA: GF-1 B/C/D satellite parameters (side-swing up to ±35°)', url: 'https://www.cresda.com/' },
      { title: 'CCTV news, 2018-03-31, as reported by news.china.com: GF-1 B/C/D launch and cameras', url: 'https://news.china.com/' },
    ],
  },
  {
    slug: 'lsar',
    area: 'cn',
    group: 'radar',
    countries: ['CN'],
    name: t('陆地探测一号01组卫星（L-SAR）', 'LuTan-1 (L-SAR 01) interferometric radar pair'),
    shortName: 'LuTan-1',
    agency: CNSA,
    operator: t('自然资源部（主用户）', 'Ministry of Natural Resources (lead user)'),
    operatorType: 'government',
    orbit: { type: 'sso' },
    members: [
      { name: 'LuTan-1 A', nameZh: '陆地探测一号01组A星', launch: '2022-01-26' },
      { name: 'LuTan-1 B', nameZh: '陆地探测一号01组B星', launch: '2022-02-27' },
    ],
    sensors: [
      {
        code: 'L-SAR',
        name: t('L 波段合成孔径雷达', 'L-band synthetic aperture radar'),
        kind: 'sar',
        bands: t('L 波段，全极化；支持单站与双站干涉', 'L band, full polarimetry; mono-static and bistatic interferometry'),
        resolution: t('最高 3 m（随成像模式而定）', 'down to 3 m (depends on the imaging mode)'),
        bestResolutionM: 3,
        swath: t('随成像模式而定，最宽约 400 km', 'depends on the mode, up to about 400 km'),
        swathKm: 400,
      },
    ],
    description: t(
      '陆地探测一号01组由A、B两颗完全相同的L波段合成孔径雷达卫星组成，于2022年初先后发射，是我国首个以干涉测量为主要任务的民用雷达卫星系统。两星可编队飞行开展双站干涉测量生成高精度数字高程模型，也可单星重复轨道干涉监测毫米级地表形变，服务于地质灾害隐患识别、地震形变和林业调查。',
      'LuTan-1 consists of two identical L-band SAR satellites launched in early 2022, China’s first civil radar mission dedicated to interferometry. Flying in formation they measure bistatic interferograms for accurate elevation models; with repeat passes each one tracks ground deformation at the millimetre level, for landslide-hazard screening, earthquake deformation and forestry.',
    ),
    imagery: {
      uses: [
        t(
          '重复轨道干涉测量（InSAR）：监测滑坡、地面沉降等地表形变',
          'Repeat-pass interferometry (InSAR): landslides, subsidence and other ground deformation',
        ),
        t('双站干涉生成高精度数字高程模型', 'Bistatic interferometry for accurate elevation models'),
        t('L 波段穿透植被冠层，用于森林结构与生物量调查', 'L band penetrates canopies: forest structure and biomass surveys'),
        t('全天时、全天候成像，服务应急与灾害评估', 'Day-and-night, all-weather imaging for emergencies and damage assessment'),
      ],
      products: [{ sensor: 'STRIP', prefix: 'LT1A', resolutionM: 3, sceneKm: 50, optical: false }],
    },
    sources: [
      {
        title: 'Wang R. et al., LuTan-1: An innovative L-band spaceborne bistatic interferometric SAR mission, IEEE GRSM, 2024',
        url: 'https://doi.org/10.1109/MGRS.2024.3478761',
      },
      { title: 'China National Space Administration', url: 'https://www.cnsa.gov.cn/' },
    ],
  },
  {
    slug: 'csar',
    area: 'cn',
    group: 'radar',
    countries: ['CN'],
    name: t('1米C-SAR业务卫星（高分三号02/03星）', '1 m C-SAR operational satellites (GF-3 02/03)'),
    shortName: 'C-SAR 01/02',
    agency: CNSA,
    operator: t('自然资源部（主用户）', 'Ministry of Natural Resources (lead user)'),
    operatorType: 'government',
    orbit: { type: 'sso', localTime: DAWN_DUSK },
    members: [
      { name: 'GF-3 02 (C-SAR 01)', nameZh: '高分三号02星', norad: 49495 },
      { name: 'GF-3 03 (C-SAR 02)', nameZh: '高分三号03星', norad: 52200 },
    ],
    sensors: [
      {
        code: 'C-SAR',
        name: t('C 波段多极化合成孔径雷达', 'C-band multi-polarisation SAR'),
        kind: 'sar',
        bands: t('C 波段；单、双、全极化；12 种成像模式', 'C band; single, dual and quad polarisation; 12 imaging modes'),
        resolution: t('1–500 m（聚束模式 1 m）', '1–500 m (1 m in spotlight mode)'),
        bestResolutionM: 1,
        swath: t('10–650 km（随模式而定）', '10–650 km (by mode)'),
        swathKm: 650,
        modes: GF3_MODES,
      },
    ],
    description: t(
      '高分三号02星和03星是国家民用空间基础设施中的1米C-SAR业务卫星，分别于2021年11月和2022年4月发射，与高分三号卫星组成C波段雷达卫星星座。它们沿用高分三号的12种成像模式，不受云雨和昼夜限制，显著缩短了海洋与陆地的重访时间，用于海洋监视、自然资源调查、应急减灾和水利监测。',
      'GF-3 02 and GF-3 03, the 1 m C-SAR operational satellites of China’s civil space infrastructure, were launched in November 2021 and April 2022 and fly with GF-3 as a C-band radar constellation. They keep GF-3’s twelve imaging modes, see through cloud by day and night, and shorten revisits over sea and land for maritime surveillance, natural-resource surveys, disaster response and water management.',
    ),
    sources: [GF_REVIEW, { title: 'China National Space Administration', url: 'https://www.cnsa.gov.cn/' }],
  },
  {
    slug: 'gf1',
    area: 'cn',
    group: 'optical',
    countries: ['CN'],
    name: t('高分一号卫星', 'GF-1 (Gaofen-1)'),
    shortName: 'GF-1',
    agency: CNSA,
    operator: CRESDA,
    operatorType: 'government',
    orbit: { type: 'sso', altitudeKm: 645, localTime: SSO_1030_DESC },
    revisit: t('4 天', '4 days'),
    designLife: t('5–8 年', '5–8 years'),
    members: [{ name: 'GF-1', nameZh: '高分一号', norad: 39150 }],
    sensors: [
      {
        code: 'PMS',
        name: t('全色多光谱相机（2 台）', 'Panchromatic and multispectral cameras (2)'),
        kind: 'pan-multispectral',
        bands: PAN_MS4,
        resolution: t('全色 2 m，多光谱 8 m', 'panchromatic 2 m, multispectral 8 m'),
        bestResolutionM: 2,
        swathKm: 60,
        swath: t('两台组合 60 km', '60 km with both cameras'),
        maxOffNadirDeg: 35,
      },
      {
        code: 'WFV',
        name: t('宽幅多光谱相机（4 台）', 'Wide-field-of-view multispectral cameras (4)'),
        kind: 'multispectral',
        bands: MS4,
        resolution: t('16 m', '16 m'),
        bestResolutionM: 16,
        swathKm: 800,
        swath: t('四台组合 800 km', '800 km with all four cameras'),
        // Four cameras fixed side by side: the 800 km swath is the whole field of view, not steered.
        maxOffNadirDeg: 0,
      },
    ],
    description: t(
      '高分一号是高分辨率对地观测系统重大专项的首发星，2013年4月26日发射。它首次在一颗卫星上实现2米高分辨率与800公里大幅宽成像的结合，4天即可对全球重访一次，使我国基本实现了中高分辨率遥感数据的自给，广泛用于土地利用监测、农作物估产、环境保护和灾害应急。',
      'GF-1, the first satellite of China’s High-resolution Earth Observation System (CHEOS), was launched on 26 April 2013. It was the first to combine 2 m high-resolution cameras with an 800 km wide-field imager on one platform and revisits the globe every four days, making China largely self-sufficient in medium- and high-resolution imagery for land-use monitoring, crop estimates, environmental protection and disaster response.',
    ),
    imagery: {
      uses: [
        t('土地利用与土地覆盖动态监测', 'Land-use and land-cover change monitoring'),
        t('农作物种植面积与长势监测、估产', 'Crop area, condition and yield monitoring'),
        t(
          '800 km 宽幅影像用于水体、植被和生态环境大范围监测',
          '800 km wide-field imagery for large-area water, vegetation and ecology monitoring',
        ),
        t('洪涝、干旱等灾害的应急观测', 'Emergency observation of floods, droughts and other disasters'),
      ],
      products: [
        { sensor: 'PMS1', prefix: 'GF1', resolutionM: 2, sceneKm: 32, optical: true },
        { sensor: 'PMS2', prefix: 'GF1', resolutionM: 2, sceneKm: 32, optical: true },
        { sensor: 'WFV1', prefix: 'GF1', resolutionM: 16, sceneKm: 200, optical: true },
        { sensor: 'WFV3', prefix: 'GF1', resolutionM: 16, sceneKm: 200, optical: true },
      ],
    },
    sources: [
      GF_REVIEW,
      { title: 'eoPortal: Gaofen-1', url: 'https://directory.eoportal.org/web/eoportal/satellite-missions/g/gaofen-1' },
      GF_PROJECT_GT,
      { title: 'CRESDA: GF-1 satellite parameters (side-swing up to ±35°; wide-field cameras fixed)', url: 'https://www.cresda.com/' },
    ],
  },
  {
    slug: 'gf2',
    area: 'cn',
    group: 'optical',
    countries: ['CN'],
    name: t('高分二号卫星', 'GF-2 (Gaofen-2)'),
    shortName: 'GF-2',
    agency: CNSA,
    operator: CRESDA,
    operatorType: 'government',
    orbit: { type: 'sso', localTime: SSO_1030_DESC },
    designLife: t('5–8 年', '5–8 years'),
    members: [{ name: 'GF-2', nameZh: '高分二号', norad: 40118 }],
    sensors: [
      {
        code: 'PMS',
        name: t('全色多光谱相机（2 台）', 'Panchromatic and multispectral cameras (2)'),
        kind: 'pan-multispectral',
        bands: PAN_MS4,
        resolution: t('全色 0.8 m，多光谱 3.2 m', 'panchromatic 0.8 m, multispectral 3.2 m'),
        bestResolutionM: 0.8,
        swathKm: 45,
        swath: t('两台组合 45 km', '45 km with both cameras'),
        maxOffNadirDeg: 35,
      },
    ],
    description: t(
      '高分二号于2014年8月19日发射，是我国首颗空间分辨率优于1米的民用光学遥感卫星，全色分辨率0.8米、多光谱分辨率3.2米。它标志着我国民用遥感进入亚米级时代，主要用于国土资源精细调查、城市规划与违法用地监管、交通和林业等领域。',
      'Launched on 19 August 2014, GF-2 was China’s first civil optical satellite with a resolution better than 1 m: 0.8 m panchromatic and 3.2 m multispectral. It brought Chinese civil remote sensing to the sub-metre level and serves detailed land-resource surveys, urban planning and the enforcement of land-use rules, transport and forestry.',
    ),
    imagery: {
      uses: [
        t('土地卫片执法：发现和核查违法用地与违法建设', 'Land-use enforcement: detecting and checking unlawful land use and construction'),
        t('城市精细化管理与城乡规划', 'Detailed urban management and urban and rural planning'),
        t('道路、建筑物等地物要素提取与地图更新', 'Extraction of roads, buildings and other features for map updates'),
        t('矿山开发与生态修复监测', 'Monitoring mining and ecological restoration'),
      ],
      products: [
        { sensor: 'PMS1', prefix: 'GF2', resolutionM: 0.8, sceneKm: 23, optical: true },
        { sensor: 'PMS2', prefix: 'GF2', resolutionM: 0.8, sceneKm: 23, optical: true },
      ],
    },
    sources: [
      GF_REVIEW,
      GF_PROJECT_GT,
      { title: 'ecns.cn, 2015-12-30: Gaofen series (GF-2 0.8 m / 3.2 m)', url: 'http://ecns.cn/2015/12-30/194158.shtml' },
      { title: 'CRESDA: GF-2 satellite parameters (side-swing up to ±35°)', url: 'https://www.cresda.com/' },
    ],
  },
  {
    slug: 'gf3',
    area: 'cn',
    group: 'radar',
    countries: ['CN'],
    name: t('高分三号卫星', 'GF-3 (Gaofen-3)'),
    shortName: 'GF-3',
    agency: CNSA,
    operator: t('国家卫星海洋应用中心', 'National Satellite Ocean Application Service (NSOAS)'),
    operatorType: 'government',
    orbit: { type: 'sso', localTime: DAWN_DUSK },
    members: [{ name: 'GF-3', nameZh: '高分三号', norad: 41727 }],
    sensors: [
      {
        code: 'C-SAR',
        name: t('C 波段多极化合成孔径雷达', 'C-band multi-polarisation SAR'),
        kind: 'sar',
        bands: t(
          'C 波段；12 种成像模式：聚束、超精细条带、精细条带、标准条带、全极化条带、窄幅与宽幅扫描、全球观测、波成像、扩展入射角',
          'C band; 12 imaging modes: spotlight, ultra-fine, fine and standard stripmap, quad-polarisation stripmap, narrow and wide ScanSAR, global, wave and extended incidence',
        ),
        resolution: t(
          '1–500 m（聚束 1 m，超精细条带 3 m，标准条带 25 m）',
          '1–500 m (spotlight 1 m, ultra-fine stripmap 3 m, standard stripmap 25 m)',
        ),
        bestResolutionM: 1,
        swath: t('10–650 km（随模式而定）', '10–650 km (by mode)'),
        swathKm: 650,
        modes: GF3_MODES,
      },
    ],
    description: t(
      '高分三号于2016年8月10日发射，是我国首颗分辨率达到1米的C波段多极化合成孔径雷达卫星，也是世界上成像模式最多的合成孔径雷达卫星之一，具备12种成像模式。它全天时、全天候获取海洋和陆地信息，服务于海洋权益维护、海冰与溢油监测、灾害评估和水资源管理。',
      'Launched on 10 August 2016, GF-3 is China’s first C-band multi-polarisation SAR satellite with 1 m resolution and, with twelve imaging modes, one of the most versatile SAR satellites in orbit. It images sea and land by day and night through cloud, for maritime surveillance, sea-ice and oil-spill monitoring, damage assessment and water management.',
    ),
    sources: [GF_REVIEW, GF_PROJECT_GT],
  },
  {
    slug: 'gf4',
    area: 'cn',
    group: 'optical',
    countries: ['CN'],
    name: t('高分四号卫星', 'GF-4 (Gaofen-4)'),
    shortName: 'GF-4',
    agency: CNSA,
    operator: CRESDA,
    operatorType: 'government',
    orbit: { type: 'geo', altitudeKm: 35786, inclinationDeg: 0 },
    revisit: t('地球静止轨道，可对同一区域连续凝视观测', 'geostationary: can stare at one region continuously'),
    designLife: t('8 年', '8 years'),
    members: [{ name: 'GF-4', nameZh: '高分四号', norad: 41194 }],
    sensors: [
      {
        code: 'PMI',
        name: t('可见光近红外相机', 'Visible and near-infrared camera'),
        kind: 'pan-multispectral',
        bands: t(
          '全色 1 个谱段；多光谱 4 个谱段（蓝、绿、红、近红外）',
          'panchromatic; 4 multispectral bands (blue, green, red, near infrared)',
        ),
        resolution: t('50 m', '50 m'),
        bestResolutionM: 50,
        swathKm: 400,
        swath: t('单景约 400 km × 400 km', 'about 400 km × 400 km per frame'),
      },
      {
        code: 'IRS',
        name: t('中波红外相机', 'Mid-wave infrared camera'),
        kind: 'thermal',
        bands: t('中波红外 1 个谱段', '1 mid-wave infrared band'),
        resolution: t('400 m', '400 m'),
        bestResolutionM: 400,
        swathKm: 400,
      },
    ],
    description: t(
      '高分四号于2015年12月29日发射，是我国第一颗地球同步轨道高分辨率光学成像卫星，在约3.6万公里高度对我国及周边地区进行“凝视”观测，可见光分辨率50米，单景覆盖约400公里见方。它能对台风、森林火灾、洪涝等动态目标分钟级连续观测，为防灾减灾和气象、林业应用提供快速信息。',
      'Launched on 29 December 2015, GF-4 is China’s first high-resolution optical satellite in geostationary orbit. From about 36,000 km it stares at China and its surroundings with 50 m visible resolution and frames about 400 km across, observing typhoons, forest fires and floods minute by minute for disaster relief, meteorology and forestry.',
    ),
    imagery: {
      uses: [
        t('台风、暴雨、洪涝等灾害的连续凝视监测', 'Continuous staring observation of typhoons, rainstorms and floods'),
        t(
          '森林草原火点发现与火场蔓延跟踪（中波红外）',
          'Detecting forest and grassland fires and tracking fire spread (mid-wave infrared)',
        ),
        t('大范围水体、积雪和云系变化监测', 'Large-area water, snow and cloud change monitoring'),
        t('与低轨卫星配合进行应急目标引导', 'Cueing low-orbit satellites to emergency targets'),
      ],
      products: [
        { sensor: 'PMI', prefix: 'GF4', resolutionM: 50, sceneKm: 400, optical: true },
        { sensor: 'IRS', prefix: 'GF4', resolutionM: 400, sceneKm: 400, optical: true },
      ],
    },
    sources: [
      GF_REVIEW,
      { title: 'ecns.cn, 2015-12-30: China launches Gaofen-4', url: 'http://ecns.cn/2015/12-30/194158.shtml' },
      GF_PROJECT_GT,
    ],
  },
  {
    slug: 'gf5',
    area: 'cn',
    group: 'hyperspectral',
    countries: ['CN'],
    name: t('高分五号卫星', 'GF-5 (Gaofen-5) hyperspectral satellites'),
    shortName: 'GF-5',
    agency: CNSA,
    operator: t('生态环境部卫星环境应用中心等', 'Satellite Application Center for Ecology and Environment (MEE) and others'),
    operatorType: 'government',
    orbit: { type: 'sso', altitudeKm: 705 },
    designLife: t('8 年', '8 years'),
    members: [
      { name: 'GF-5 01', nameZh: '高分五号01星', norad: 43461, launch: '2018-05-08' },
      { name: 'GF-5 02', nameZh: '高分五号02星', norad: 49122 },
      { name: 'GF-5 01A', nameZh: '高分五号01A星', norad: 54640 },
    ],
    sensors: [
      {
        code: 'AHSI',
        name: t('可见短波红外高光谱相机', 'Advanced hyperspectral imager'),
        kind: 'hyperspectral',
        bands: t('400–2500 nm，共 330 个谱段（可见近红外 5 nm，短波红外 10 nm）', '400–2500 nm in 330 bands (5 nm VNIR, 10 nm SWIR)'),
        resolution: t('30 m', '30 m'),
        bestResolutionM: 30,
        swathKm: 60,
      },
      {
        code: 'VIMS',
        name: t('全谱段光谱成像仪', 'Visual and infrared multispectral imager'),
        kind: 'multispectral',
        bands: t('可见光至热红外 12 个谱段', '12 bands from visible to thermal infrared'),
        resolution: t('20 m（可见至短波红外），40 m（热红外）', '20 m (visible to SWIR), 40 m (thermal infrared)'),
        bestResolutionM: 20,
        swathKm: 60,
      },
      { code: 'GMI', name: t('大气主要温室气体监测仪', 'Greenhouse-gases monitoring instrument'), kind: 'atmospheric' },
      { code: 'EMI', name: t('大气痕量气体差分吸收光谱仪', 'Environment trace-gas monitoring instrument'), kind: 'atmospheric' },
      { code: 'AIUS', name: t('大气环境红外甚高光谱分辨率探测仪', 'Atmospheric infrared ultra-spectral sounder'), kind: 'atmospheric' },
      { code: 'DPC', name: t('大气气溶胶多角度偏振探测仪', 'Directional polarisation camera'), kind: 'atmospheric' },
    ],
    description: t(
      '高分五号01星于2018年5月发射，是世界上首颗同时对陆地和大气开展高光谱综合观测的卫星，搭载6台载荷，其中可见短波红外高光谱相机以30米分辨率获取330个谱段。02星和01A星相继发射后形成业务观测能力，主要用于大气污染与温室气体监测、水质监测、矿物填图和生态环境评估。',
      'GF-5 01, launched in May 2018, was the first satellite to combine hyperspectral observation of both land and atmosphere. Among its six instruments, the advanced hyperspectral imager records 330 bands at 30 m. With GF-5 02 and GF-5 01A the series became operational for air-pollution and greenhouse-gas monitoring, water quality, mineral mapping and ecological assessment.',
    ),
    sources: [GF_REVIEW, GF_PROJECT_GT],
  },
  {
    slug: 'gf6',
    area: 'cn',
    group: 'optical',
    countries: ['CN'],
    name: t('高分六号卫星', 'GF-6 (Gaofen-6)'),
    shortName: 'GF-6',
    agency: CNSA,
    operator: CRESDA,
    operatorType: 'government',
    orbit: { type: 'sso', altitudeKm: 645 },
    revisit: t('与高分一号组网后 2 天', '2 days together with GF-1'),
    designLife: t('8 年', '8 years'),
    members: [{ name: 'GF-6', nameZh: '高分六号', norad: 43484 }],
    sensors: [
      {
        code: 'PMS',
        name: t('全色多光谱相机', 'Panchromatic and multispectral camera'),
        kind: 'pan-multispectral',
        bands: PAN_MS4,
        resolution: t('全色 2 m，多光谱 8 m', 'panchromatic 2 m, multispectral 8 m'),
        bestResolutionM: 2,
        swathKm: 90,
      },
      {
        code: 'WFV',
        name: t('宽幅多光谱相机', 'Wide-field-of-view multispectral camera'),
        kind: 'multispectral',
        bands: t('8 个谱段，新增红边、黄、紫（海岸）波段', '8 bands, adding red-edge, yellow and violet (coastal) bands'),
        resolution: t('16 m', '16 m'),
        bestResolutionM: 16,
        swathKm: 800,
      },
    ],
    description: t(
      '高分六号于2018年6月2日发射，是我国首颗精准农业观测的高分卫星，配置2米全色/8米多光谱相机和16米宽幅相机，宽幅相机首次在国内民用卫星上增加了能够反映作物特有光谱特性的红边波段。它与高分一号组网运行，将我国陆地区域的重访时间从4天缩短到2天，主要用于农业、林业和草原资源监测。',
      'GF-6, launched on 2 June 2018, is the Gaofen satellite designed for precision agriculture. It carries a 2 m/8 m camera and a 16 m wide-field camera whose eight bands add, for the first time on a Chinese civil satellite, red-edge bands that respond to crops. Flying with GF-1 it shortens revisits over China from four days to two, for agriculture, forestry and grassland monitoring.',
    ),
    sources: [GF_REVIEW, GF_PROJECT_GT],
  },
  {
    slug: 'gf7',
    area: 'cn',
    group: 'optical',
    countries: ['CN'],
    name: t('高分七号卫星', 'GF-7 (Gaofen-7) stereo mapping satellite'),
    shortName: 'GF-7',
    agency: CNSA,
    operator: t(
      '自然资源部、住房和城乡建设部、国家统计局（主用户）',
      'Ministry of Natural Resources, Ministry of Housing and Urban-Rural Development, National Bureau of Statistics (lead users)',
    ),
    operatorType: 'government',
    orbit: { type: 'sso' },
    designLife: t('8 年', '8 years'),
    members: [{ name: 'GF-7', nameZh: '高分七号', norad: 44703 }],
    sensors: [
      {
        code: 'DLC',
        name: t('双线阵立体相机', 'Dual-line array stereo camera'),
        kind: 'pan-multispectral',
        bands: PAN_MS4,
        resolution: t(
          '后视全色 0.65 m，前视全色 0.8 m，后视多光谱 2.6 m',
          'backward panchromatic 0.65 m, forward panchromatic 0.8 m, backward multispectral 2.6 m',
        ),
        bestResolutionM: 0.65,
        swathKm: 20,
      },
      {
        code: 'LA',
        name: t('激光测高仪', 'Laser altimeter'),
        kind: 'lidar',
        bands: t('1064 nm，2 个波束，3/6 Hz', '1064 nm, 2 beams, 3/6 Hz'),
        resolution: t('测距精度优于 0.3 m（坡度小于 15°）', 'ranging accuracy within 0.3 m (slopes under 15°)'),
      },
    ],
    description: t(
      '高分七号于2019年11月3日发射，是我国首颗民用亚米级光学传输型立体测绘卫星，以双线阵立体相机和激光测高仪相结合，实现1:10000比例尺卫星立体测图。激光测高数据显著提高了无地面控制条件下的高程精度，卫星服务于基础测绘、全球地理信息保障、城乡建设监测评价和农业调查统计。',
      'GF-7, launched on 3 November 2019, is China’s first civil sub-metre stereo mapping satellite. Its dual-line array stereo camera and laser altimeter together allow stereo mapping at 1:10,000; the laser ranges sharpen heights where no ground control is available. It serves basic mapping, global geographic information, urban and rural construction monitoring and agricultural statistics.',
    ),
    imagery: {
      uses: [
        t('1:10000 比例尺立体测图与基础地理信息更新', 'Stereo mapping at 1:10,000 and updating basic geographic information'),
        t('激光测高点辅助生产高精度数字高程模型', 'Laser altimetry points for accurate elevation models'),
        t('城市三维建模与建筑物高度提取', 'Three-dimensional city models and building heights'),
        t('城乡建设监测评价与农业调查统计', 'Urban and rural construction monitoring and agricultural statistics'),
      ],
      products: [
        { sensor: 'BWD', prefix: 'GF7', resolutionM: 0.65, sceneKm: 20, optical: true },
        { sensor: 'FWD', prefix: 'GF7', resolutionM: 0.8, sceneKm: 20, optical: true },
      ],
    },
    sources: [
      GF_REVIEW,
      {
        title: 'China Daily, 2019-12-10: Civil-use observation satellite sends back first detailed images (GF-7)',
        url: 'https://www.chinadaily.com.cn/a/201912/10/WS5defac6aa310cf3e3557d414_1.html',
      },
    ],
  },
  {
    slug: 'multimode',
    area: 'cn',
    group: 'optical',
    countries: ['CN'],
    name: t('高分多模综合成像卫星', 'GaoFen DuoMo (GF multi-mode imaging satellite)'),
    shortName: 'GFDM',
    agency: CNSA,
    operatorType: 'government',
    orbit: { type: 'sso' },
    members: [{ name: 'GFDM', nameZh: '高分多模综合成像卫星', norad: 45856 }],
    sensors: [
      {
        code: 'PMS',
        name: t('全色多光谱相机', 'Panchromatic and multispectral camera'),
        kind: 'pan-multispectral',
        resolution: t('全色 0.5 m，多光谱 2 m', 'panchromatic 0.5 m, multispectral 2 m'),
        bestResolutionM: 0.5,
      },
    ],
    description: t(
      '高分多模综合成像卫星于2020年7月3日发射，是我国民用光学遥感卫星中分辨率最高的卫星之一，全色分辨率0.5米、多光谱2米。卫星具备高敏捷机动能力，可在一次过境中实现多条带拼接、立体和非沿轨等多种模式成像，主要服务于自然资源调查、城市精细化管理和应急测绘。',
      'Launched on 3 July 2020, GaoFen DuoMo is among the highest-resolution Chinese civil optical satellites, with 0.5 m panchromatic and 2 m multispectral imagery. Highly agile, it can image several adjacent strips, stereo pairs or strips off its ground track on one pass, for natural-resource surveys, detailed urban management and emergency mapping.',
    ),
    sources: [{ title: 'China National Space Administration', url: 'https://www.cnsa.gov.cn/' }, CRESDA_SITE],
  },
  {
    slug: 'th01',
    area: 'cn',
    group: 'optical',
    countries: ['CN'],
    name: t('天绘一号卫星', 'TH-1 (Tianhui-1) mapping satellites'),
    shortName: 'TH-1',
    agency: t('中国航天科技集团（UCS 数据库记载）', 'China Aerospace Science and Technology Corp. (as recorded by UCS)'),
    operatorType: 'government',
    orbit: { type: 'sso', altitudeKm: 500 },
    members: [
      { name: 'TH-1 01', nameZh: '天绘一号01星', norad: 36985 },
      { name: 'TH-1 02', nameZh: '天绘一号02星', norad: 38256 },
      { name: 'TH-1 03', nameZh: '天绘一号03星', norad: 40988 },
      { name: 'TH-1 04', nameZh: '天绘一号04星', norad: 49049 },
    ],
    sensors: [
      {
        code: 'TLC',
        name: t('三线阵立体相机', 'Three-line array stereo camera'),
        kind: 'pan-multispectral',
        bands: t('全色 510–690 nm', 'panchromatic 510–690 nm'),
        resolution: t('5 m', '5 m'),
        bestResolutionM: 5,
        swathKm: 60,
      },
      {
        code: 'MS',
        name: t('多光谱相机', 'Multispectral camera'),
        kind: 'multispectral',
        bands: t('4 个谱段：430–520、520–610、610–690、760–900 nm', '4 bands: 430–520, 520–610, 610–690 and 760–900 nm'),
        resolution: t('10 m', '10 m'),
        bestResolutionM: 10,
      },
    ],
    description: t(
      '天绘一号是我国传输型立体测绘卫星系列，01星于2010年8月发射，此后02、03、04星陆续入轨。卫星以三线阵相机同轨获取5米分辨率立体影像，并搭载多光谱相机，用于地形测绘、地理信息更新和国土资源调查。',
      'TH-1 is a Chinese series of stereo mapping satellites with direct data downlink: 01 was launched in August 2010, followed by 02, 03 and 04. A three-line array camera records 5 m stereo imagery on one pass and a multispectral camera adds colour, for topographic mapping, geographic-information updates and land-resource surveys.',
    ),
    sources: [
      {
        title: 'Kosmonauta.net, 2010-08: Chiny – Tian Hui 1 (camera bands, 5 m, 60 km swath, 500 km orbit)',
        url: 'https://kosmonauta.net/2010/08/chiny-tian-hui-1/',
      },
      { title: 'Union of Concerned Scientists, Satellite Database', url: 'https://www.ucsusa.org/resources/satellite-database' },
    ],
  },
  {
    slug: 'jl1',
    area: 'cn',
    group: 'optical',
    countries: ['CN'],
    name: t('吉林一号卫星星座', 'Jilin-1 constellation'),
    shortName: 'Jilin-1',
    agency: t('长光卫星技术股份有限公司', 'Chang Guang Satellite Technology Co., Ltd.'),
    operator: t('长光卫星技术股份有限公司', 'Chang Guang Satellite Technology Co., Ltd.'),
    operatorType: 'commercial',
    orbit: { type: 'sso' },
    members: [],
    membersFromCsv: { match: /^JILIN/, exclude: /OBJECT/ },
    sensors: [
      {
        code: 'Optical A',
        name: t('光学A星相机', 'Optical A camera'),
        kind: 'pan-multispectral',
        resolution: t('全色 0.72 m，多光谱 2.88 m', 'panchromatic 0.72 m, multispectral 2.88 m'),
        bestResolutionM: 0.72,
        swathKm: 11.6,
      },
      {
        code: 'Kuanfu 01',
        name: t('宽幅01星相机', 'Kuanfu (wide-swath) 01 camera'),
        kind: 'pan-multispectral',
        resolution: t('全色优于 0.75 m，多光谱优于 3 m', 'panchromatic better than 0.75 m, multispectral better than 3 m'),
        bestResolutionM: 0.75,
        swathKm: 136,
      },
      {
        code: 'Kuanfu 02B',
        name: t('宽幅02B星相机', 'Kuanfu (wide-swath) 02B camera'),
        kind: 'pan-multispectral',
        resolution: t('0.5 m', '0.5 m'),
        bestResolutionM: 0.5,
        swathKm: 150,
      },
    ],
    description: t(
      '吉林一号是长光卫星技术股份有限公司建设的商业遥感卫星星座，首批卫星（光学A星和视频星）于2015年10月发射。星座由高分、宽幅、视频和光谱等多种类型卫星组成，已有数十颗卫星在轨，可对全球任意地点每天多次重访，提供亚米级影像和视频，服务于农业林业、资源环境、智慧城市和应急减灾。',
      'Jilin-1 is the commercial constellation of Chang Guang Satellite Technology; its first satellites (Optical A and video satellites) were launched in October 2015. It mixes high-resolution, wide-swath, video and spectral satellites, several dozen of them in orbit, revisiting any place on Earth several times a day with sub-metre imagery and video for agriculture and forestry, resources and environment, smart cities and disaster relief.',
    ),
    sources: [
      { title: 'Chang Guang Satellite Technology Co., Ltd.', url: 'https://www.charmingglobe.com/' },
      { title: 'Union of Concerned Scientists, Satellite Database', url: 'https://www.ucsusa.org/resources/satellite-database' },
    ],
  },
  {
    slug: 'bj2',
    area: 'cn',
    group: 'optical',
    countries: ['CN'],
    name: t('北京二号卫星星座', 'Beijing-2 (DMC3) constellation'),
    shortName: 'Beijing-2',
    agency: t('二十一世纪空间技术应用股份有限公司', 'Twenty First Century Aerospace Technology Co., Ltd. (21AT)'),
    operator: t(
      '英国萨瑞卫星公司 DMCii（成像能力全部租给 21AT）',
      'DMCii of Surrey Satellite Technology (full imaging capacity leased to 21AT)',
    ),
    operatorType: 'commercial',
    orbit: { type: 'sso', altitudeKm: 651, inclinationDeg: 97.8, localTime: t('约 10:30', 'about 10:30') },
    revisit: t('1 天（三星组网）', 'daily (three satellites)'),
    designLife: t('7 年', '7 years'),
    members: [
      { name: 'DMC3-FM1 (Beijing-2)', nameZh: '北京二号 01星', norad: 40715 },
      { name: 'DMC3-FM2 (Beijing-2)', nameZh: '北京二号 02星', norad: 40716 },
      { name: 'DMC3-FM3 (Beijing-2)', nameZh: '北京二号 03星', norad: 40717 },
    ],
    sensors: [
      {
        code: 'SSTL-300 S1',
        name: t('推扫式全色多光谱相机', 'Push-broom panchromatic and multispectral imager'),
        kind: 'pan-multispectral',
        bands: PAN_MS4,
        resolution: t('全色 1 m，多光谱 4 m', 'panchromatic 1 m, multispectral 4 m'),
        bestResolutionM: 1,
        swathKm: 23,
      },
    ],
    description: t(
      '北京二号由英国萨瑞卫星技术有限公司研制的三颗小卫星组成，于2015年7月10日一箭三星发射，三星在同一轨道面相隔120°运行，每天可对全球任意地点重访。星座的全部成像能力租给二十一世纪空间技术应用股份有限公司，提供1米全色和4米多光谱商业影像，用于国土资源、农业、环境和城市规划。',
      'Beijing-2 is a trio of small satellites built by Surrey Satellite Technology and launched together on 10 July 2015. Spaced 120° apart in one orbital plane they revisit any place daily. Their full imaging capacity is leased to Twenty First Century Aerospace Technology, which sells 1 m panchromatic and 4 m multispectral imagery for land resources, agriculture, environment and urban planning.',
    ),
    sources: [
      { title: 'eoPortal: DMC-3 (Disaster Monitoring Constellation-3)', url: 'https://www.eoportal.org/satellite-missions/dmc-3' },
      { title: 'WMO OSCAR: Beijing-2 constellation', url: 'https://space.oscar.wmo.int/satelliteprogrammes/view/beijing_2' },
    ],
  },
  {
    slug: 'sv1',
    area: 'cn',
    group: 'optical',
    countries: ['CN'],
    name: t('高景一号卫星星座', 'SuperView-1 (GaoJing-1) constellation'),
    shortName: 'SuperView-1',
    agency: t('中国航天科技集团', 'China Aerospace Science and Technology Corporation (CASC)'),
    operator: t('北京航天世景信息技术有限公司', 'Beijing Space View Technology Co., Ltd.'),
    operatorType: 'commercial',
    orbit: { type: 'sso', altitudeKm: 530 },
    revisit: t('4 天', '4 days'),
    designLife: t('8 年', '8 years'),
    members: [
      { name: 'SuperView-1 01', nameZh: '高景一号01星', norad: 41907 },
      { name: 'SuperView-1 02', nameZh: '高景一号02星', norad: 41908 },
      { name: 'SuperView-1 03', nameZh: '高景一号03星', norad: 43099, launch: '2018-01-09' },
      { name: 'SuperView-1 04', nameZh: '高景一号04星', norad: 43100, launch: '2018-01-09' },
    ],
    sensors: [
      {
        code: 'PMS',
        name: t('全色多光谱相机', 'Panchromatic and multispectral camera'),
        kind: 'pan-multispectral',
        bands: t(
          '全色 450–890 nm；多光谱 4 个谱段（蓝、绿、红、近红外）',
          'panchromatic 450–890 nm; 4 multispectral bands (blue, green, red, near infrared)',
        ),
        resolution: t('全色 0.5 m，多光谱 2 m', 'panchromatic 0.5 m, multispectral 2 m'),
        bestResolutionM: 0.5,
        swathKm: 12,
      },
    ],
    description: t(
      '高景一号是我国首个0.5米级商业遥感卫星星座，01、02星于2016年12月28日发射（因运载火箭异常进入较低轨道，后经变轨进入工作轨道），03、04星于2018年1月9日发射。四星组网运行，具备长条带、多条带拼接、多点目标和立体成像等模式，为国土、测绘、城市和环保等行业提供商业影像。',
      'SuperView-1 was China’s first commercial constellation at the 0.5 m level. Satellites 01 and 02 were launched on 28 December 2016 (a launcher anomaly left them in a low orbit, later raised) and 03 and 04 on 9 January 2018. The four agile satellites image long strips, mosaics of strips, multiple point targets and stereo pairs for land, mapping, urban and environmental customers.',
    ),
    sources: [
      { title: 'Wikipedia (de): GaoJing-1', url: 'https://de.wikipedia.org/wiki/GaoJing-1' },
      { title: 'Union of Concerned Scientists, Satellite Database', url: 'https://www.ucsusa.org/resources/satellite-database' },
    ],
  },
  {
    slug: 'zhuhai',
    area: 'cn',
    group: 'hyperspectral',
    countries: ['CN'],
    name: t('珠海一号卫星星座', 'Zhuhai-1 constellation'),
    shortName: 'Zhuhai-1',
    agency: t('珠海欧比特宇航科技股份有限公司', 'Zhuhai Orbita Aerospace Science and Technology Co., Ltd.'),
    operator: t('珠海欧比特宇航科技股份有限公司', 'Zhuhai Orbita Aerospace Science and Technology Co., Ltd.'),
    operatorType: 'commercial',
    orbit: { type: 'sso' },
    members: [],
    membersFromCsv: { match: /zhuhai/i },
    sensors: [
      {
        code: 'OHS',
        name: t('高光谱相机', 'Hyperspectral camera'),
        kind: 'hyperspectral',
        bands: t('400–1000 nm，32 个谱段', '32 bands in 400–1000 nm'),
        resolution: t('10 m', '10 m'),
        bestResolutionM: 10,
        swathKm: 150,
      },
      {
        code: 'OVS',
        name: t('视频相机', 'Video camera'),
        kind: 'video',
        resolution: t('OVS-1：1.98 m；OVS-2/3：0.9 m', 'OVS-1: 1.98 m; OVS-2/3: 0.9 m'),
        bestResolutionM: 0.9,
      },
    ],
    description: t(
      '珠海一号是珠海欧比特公司建设的商业微纳卫星星座，2017年6月发射首批两颗视频卫星，2018年4月和2019年9月各发射一组视频星和高光谱星。其高光谱卫星以10米分辨率、150公里幅宽获取32个谱段的影像，在同类商业卫星中覆盖能力突出，广泛用于水体与植被监测、农业和自然资源调查。',
      'Zhuhai-1 is the commercial micro-satellite constellation of Zhuhai Orbita. Two video satellites were launched in June 2017, followed by groups of video and hyperspectral satellites in April 2018 and September 2019. Its hyperspectral satellites record 32 bands at 10 m over a 150 km swath, an unusually wide coverage for commercial hyperspectral data, used for water and vegetation monitoring, agriculture and natural-resource surveys.',
    ),
    sources: [
      {
        title: 'CATALYST (PCI Geomatics) reference: Orbita hyperspectral satellites (OHS)',
        url: 'https://catalyst.earth/catalyst-system-files/help/references/gdb_r/orbita.html',
      },
      { title: 'Union of Concerned Scientists, Satellite Database', url: 'https://www.ucsusa.org/resources/satellite-database' },
    ],
  },

  // ── Global satellites: optical ────────────────────────────────────────────────────────────────
  {
    slug: 'landsat',
    area: 'global',
    group: 'optical',
    countries: ['US'],
    name: t('陆地卫星 8/9 号（Landsat 8/9）', 'Landsat 8 and 9'),
    shortName: 'Landsat',
    agency: t('美国国家航空航天局（NASA）、美国地质调查局（USGS）', 'NASA and the U.S. Geological Survey (USGS)'),
    operator: t('美国地质调查局', 'U.S. Geological Survey'),
    operatorType: 'government',
    orbit: {
      type: 'sso',
      altitudeKm: 705,
      inclinationDeg: 98.2,
      localTime: t('降交点地方时约 10:00', 'about 10:00 descending node'),
      repeatDays: 16,
    },
    revisit: t('单星 16 天，两星合计 8 天', '16 days each, 8 days combined'),
    designLife: t('各 5 年', '5 years each'),
    members: [
      { name: 'Landsat 8', nameZh: '陆地卫星8号', norad: 39084 },
      { name: 'Landsat 9', nameZh: '陆地卫星9号', norad: 49260 },
    ],
    sensors: [
      {
        code: 'OLI / OLI-2',
        name: t('陆地成像仪', 'Operational Land Imager'),
        kind: 'pan-multispectral',
        bands: t(
          '9 个谱段：海岸气溶胶、蓝、绿、红、近红外、两个短波红外、全色、卷云',
          '9 bands: coastal aerosol, blue, green, red, NIR, two SWIR, panchromatic, cirrus',
        ),
        resolution: t('全色 15 m，多光谱 30 m', 'panchromatic 15 m, multispectral 30 m'),
        bestResolutionM: 15,
        swathKm: 185,
        // Nadir-viewing push-broom imagers on the fixed WRS-2 path/row grid (USGS).
        maxOffNadirDeg: 0,
      },
      {
        code: 'TIRS / TIRS-2',
        name: t('热红外传感器', 'Thermal Infrared Sensor'),
        kind: 'thermal',
        bands: t('2 个热红外谱段（10.6–11.19 µm、11.5–12.51 µm）', '2 thermal bands (10.6–11.19 µm, 11.5–12.51 µm)'),
        resolution: t('100 m', '100 m'),
        bestResolutionM: 100,
        swathKm: 185,
        maxOffNadirDeg: 0,
      },
    ],
    description: t(
      '陆地卫星计划自1972年起连续观测地球陆地表面，是历史最长的对地观测记录。Landsat 8（2013年发射）和 Landsat 9（2021年发射）携带陆地成像仪和热红外传感器，两星相位相差半个周期，每8天即可覆盖全球一次，数据向全球免费开放，被广泛用于土地覆盖变化、农业、水资源和气候研究。',
      'The Landsat programme has observed Earth’s land surface continuously since 1972, the longest such record. Landsat 8 (launched 2013) and Landsat 9 (2021) carry the Operational Land Imager and the Thermal Infrared Sensor; phased half a cycle apart they cover the globe every eight days, and their data are free to all, underpinning studies of land-cover change, agriculture, water and climate.',
    ),
    sources: [
      { title: 'USGS: Landsat 8', url: 'https://www.usgs.gov/landsat-missions/landsat-8' },
      { title: 'USGS: Landsat 9', url: 'https://www.usgs.gov/landsat-missions/landsat-9' },
    ],
  },
  {
    slug: 'rapideye',
    area: 'global',
    group: 'optical',
    countries: ['DE'],
    name: t('快眼卫星星座（RapidEye）', 'RapidEye constellation'),
    shortName: 'RapidEye',
    agency: t('RapidEye AG（德国），后归属 Planet 公司', 'RapidEye AG (Germany), later Planet'),
    operator: t('Planet 公司（2015–2020）', 'Planet (2015–2020)'),
    operatorType: 'commercial',
    orbit: { type: 'sso', altitudeKm: 630 },
    revisit: t('每天（侧摆），星下点 5.5 天', 'daily off-nadir, 5.5 days at nadir'),
    members: ['1', '2', '3', '4', '5'].map((n) => ({
      name: `RapidEye-${n}`,
      nameZh: `快眼-${n}`,
      launch: '2008-08-29',
      status: 'retired' as const,
      note: t('2020 年退役', 'retired in 2020'),
    })),
    sensors: [
      {
        code: 'REIS',
        name: t('RapidEye 地球成像系统', 'RapidEye Earth Imaging System'),
        kind: 'multispectral',
        bands: t('5 个谱段：蓝、绿、红、红边、近红外', '5 bands: blue, green, red, red edge, near infrared'),
        resolution: t('星下点 6.5 m（正射产品 5 m）', '6.5 m at nadir (5 m orthorectified product)'),
        bestResolutionM: 6.5,
        swathKm: 77,
      },
    ],
    description: t(
      '快眼星座由五颗相同的小卫星组成，2008年8月29日一箭五星发射，首次在商业卫星上设置了对植被变化敏感的红边波段。五星同轨运行，可每天重访，积累了十多年的5米级影像档案，广泛用于农业保险、作物监测和林业。星座于2020年退役，其历史数据仍由 Planet 公司提供。',
      'RapidEye was five identical small satellites launched together on 29 August 2008, the first commercial satellites with a red-edge band sensitive to vegetation. Sharing one orbit they revisited daily and built a decade-long archive of 5 m class imagery used for crop insurance, crop monitoring and forestry. The constellation was retired in 2020; Planet still distributes its archive.',
    ),
    sources: [{ title: 'Planet developer documentation: RapidEye', url: 'https://developers.planet.com/docs/data/rapideye/' }],
  },
  {
    slug: 'planetscope',
    area: 'global',
    group: 'optical',
    countries: ['US'],
    name: t('PlanetScope 鸽群卫星星座', 'PlanetScope (Dove) constellation'),
    shortName: 'PlanetScope',
    agency: t('Planet Labs 公司', 'Planet Labs PBC'),
    operator: t('Planet Labs 公司', 'Planet Labs PBC'),
    operatorType: 'commercial',
    orbit: { type: 'sso' },
    revisit: t('近乎每天覆盖全球陆地', 'near-daily coverage of the world’s land'),
    status: 'operational',
    members: [],
    fleet: {
      match: /^FLOCK/,
      note: t(
        '鸽群卫星数量众多且不断补充，此处不逐颗列出',
        'the Dove fleet is large and constantly replenished, so its spacecraft are not listed one by one',
      ),
    },
    sensors: [
      {
        code: 'PSB.SD',
        name: t('SuperDove 相机', 'SuperDove camera'),
        kind: 'multispectral',
        bands: t(
          '8 个谱段：海岸蓝、蓝、绿 I、绿、黄、红、红边、近红外',
          '8 bands: coastal blue, blue, green I, green, yellow, red, red edge, near infrared',
        ),
        resolution: t('约 3–4 m（正射产品 3 m）', 'about 3–4 m (3 m orthorectified product)'),
        bestResolutionM: 3,
      },
    ],
    description: t(
      'PlanetScope 由 Planet 公司的数百颗“鸽子”立方星组成，自2014年起批量部署，以“每天给全球陆地拍一张照片”为目标。新一代 SuperDove 卫星提供8个谱段、约3米分辨率的影像，高频的时间序列特别适合农业长势、森林砍伐和基础设施变化监测。',
      'PlanetScope is Planet’s fleet of hundreds of Dove CubeSats, deployed in batches since 2014 with the aim of imaging all of Earth’s land every day. The newer SuperDoves record eight bands at about 3 m; the dense time series suit crop monitoring, deforestation alerts and tracking changes to infrastructure.',
    ),
    sources: [{ title: 'Planet developer documentation: PlanetScope', url: 'https://developers.planet.com/docs/data/planetscope/' }],
  },
  {
    slug: 'skysat',
    area: 'global',
    group: 'optical',
    countries: ['US'],
    name: t('SkySat 卫星星座', 'SkySat constellation'),
    shortName: 'SkySat',
    agency: t('Planet Labs 公司（原 Skybox Imaging）', 'Planet Labs PBC (formerly Skybox Imaging)'),
    operator: t('Planet Labs 公司', 'Planet Labs PBC'),
    operatorType: 'commercial',
    orbit: { type: 'sso' },
    members: [],
    membersFromTle: { match: /^SKYSAT/ },
    sensors: [
      {
        code: 'SkySat',
        name: t('全色多光谱与视频相机', 'Panchromatic, multispectral and video camera'),
        kind: 'pan-multispectral',
        bands: PAN_MS4,
        resolution: t('正射产品 0.5 m', '0.5 m orthorectified product'),
        bestResolutionM: 0.5,
      },
    ],
    description: t(
      'SkySat 是 Planet 公司的亚米级小卫星星座，首颗卫星于2013年发射，原由 Skybox Imaging 公司研制。卫星可拍摄约0.5米分辨率的静态影像，也能拍摄最长约90秒的卫星视频，一天内可多次重访热点地区，用于港口、工地和灾区等动态目标的监测。',
      'SkySat is Planet’s constellation of sub-metre small satellites, first launched in 2013 and originally built by Skybox Imaging. It takes still images at about 0.5 m and short satellite videos, and can revisit hot spots several times a day to watch ports, construction sites and disaster areas.',
    ),
    sources: [{ title: 'Planet developer documentation: SkySat', url: 'https://developers.planet.com/docs/data/skysat/' }],
  },
  {
    slug: 'geoeye',
    area: 'global',
    group: 'optical',
    countries: ['US'],
    name: t('地球之眼1号（GeoEye-1）', 'GeoEye-1'),
    shortName: 'GeoEye-1',
    agency: t('GeoEye 公司，现属 Maxar 公司', 'GeoEye Inc., now Maxar'),
    operator: t('Maxar 公司', 'Maxar'),
    operatorType: 'commercial',
    orbit: { type: 'sso', localTime: t('降交点地方时 10:30', '10:30 descending node') },
    members: [{ name: 'GeoEye-1', nameZh: '地球之眼1号', norad: 33331 }],
    sensors: [
      {
        code: 'GIS',
        name: t('GeoEye 成像系统', 'GeoEye Imaging System'),
        kind: 'pan-multispectral',
        bands: PAN_MS4,
        resolution: t(
          '全色 0.41 m（商业产品 0.5 m），多光谱 1.65 m',
          'panchromatic 0.41 m (0.5 m commercial product), multispectral 1.65 m',
        ),
        bestResolutionM: 0.41,
        swathKm: 15.2,
      },
    ],
    description: t(
      'GeoEye-1 于2008年9月6日发射，发射时是分辨率最高的商业遥感卫星，星下点全色分辨率0.41米。卫星具有很高的几何定位精度，可在不布设地面控制点的情况下制作精确地图，至今仍在 Maxar 公司的星座中提供亚米级影像。',
      'GeoEye-1, launched on 6 September 2008, was the highest-resolution commercial imaging satellite of its day, with 0.41 m panchromatic resolution at nadir. Its very accurate geolocation allows precise maps without ground control points, and it still supplies sub-metre imagery in Maxar’s fleet.',
    ),
    sources: [{ title: 'eoPortal: GeoEye-1', url: 'https://www.eoportal.org/satellite-missions/geoeye-1' }],
  },
  {
    slug: 'worldview',
    area: 'global',
    group: 'optical',
    countries: ['US'],
    name: t('世界观测卫星系列（WorldView）', 'WorldView series'),
    shortName: 'WorldView',
    agency: t('DigitalGlobe 公司，现属 Maxar 公司', 'DigitalGlobe, now Maxar'),
    operator: t('Maxar 公司', 'Maxar'),
    operatorType: 'commercial',
    orbit: { type: 'sso' },
    members: [
      { name: 'WorldView-1', nameZh: '世界观测1号', norad: 32060 },
      { name: 'WorldView-2', nameZh: '世界观测2号', norad: 35946 },
      { name: 'WorldView-3', nameZh: '世界观测3号', norad: 40115 },
      {
        name: 'WorldView-4',
        nameZh: '世界观测4号',
        launch: '2016-11-11',
        status: 'lost',
        note: t('2019 年初因控制力矩陀螺故障失效', 'lost in early 2019 after a control moment gyroscope failure'),
      },
      { name: 'WorldView Legion 1', nameZh: 'WorldView Legion 1', norad: 59625, launch: '2024-05-02' },
      { name: 'WorldView Legion 2', nameZh: 'WorldView Legion 2', norad: 59626, launch: '2024-05-02' },
      { name: 'WorldView Legion 3', nameZh: 'WorldView Legion 3', norad: 60452, launch: '2024-08-15' },
      { name: 'WorldView Legion 4', nameZh: 'WorldView Legion 4', norad: 60453, launch: '2024-08-15' },
      { name: 'WorldView Legion 5', nameZh: 'WorldView Legion 5', norad: 62900, launch: '2025-02-04' },
      { name: 'WorldView Legion 6', nameZh: 'WorldView Legion 6', norad: 62901, launch: '2025-02-04' },
    ],
    sensors: [
      {
        code: 'WV60',
        name: t('WorldView-1 全色相机', 'WorldView-1 panchromatic camera'),
        kind: 'pan-multispectral',
        bands: t('全色', 'panchromatic'),
        resolution: t('0.5 m', '0.5 m'),
        bestResolutionM: 0.5,
        swathKm: 17.6,
      },
      {
        code: 'WV110',
        name: t('WorldView-2 相机', 'WorldView-2 camera'),
        kind: 'pan-multispectral',
        bands: t('全色；8 个多光谱谱段', 'panchromatic; 8 multispectral bands'),
        resolution: t('全色 0.46 m，多光谱 1.84 m', 'panchromatic 0.46 m, multispectral 1.84 m'),
        bestResolutionM: 0.46,
        swathKm: 16.4,
      },
      {
        code: 'WV-3',
        name: t('WorldView-3 相机', 'WorldView-3 camera'),
        kind: 'pan-multispectral',
        bands: t('全色；8 个可见近红外谱段；8 个短波红外谱段', 'panchromatic; 8 visible/near-infrared bands; 8 short-wave infrared bands'),
        resolution: t('全色 0.31 m，多光谱 1.24 m，短波红外 3.7 m', 'panchromatic 0.31 m, multispectral 1.24 m, SWIR 3.7 m'),
        bestResolutionM: 0.31,
        swathKm: 13.1,
      },
      {
        code: 'Legion',
        name: t('WorldView Legion 相机', 'WorldView Legion camera'),
        kind: 'pan-multispectral',
        resolution: t('30 厘米级', '30 cm class'),
      },
    ],
    description: t(
      'WorldView 是 Maxar 公司的高分辨率商业卫星系列：WorldView-1（2007年）提供0.5米全色影像，WorldView-2（2009年）增加8个多光谱谱段，WorldView-3（2014年）全色分辨率达0.31米并增加短波红外谱段，WorldView-4 于2019年失效。2024–2025年发射的六颗 WorldView Legion 卫星大幅提高了30厘米级影像的重访能力。',
      'WorldView is Maxar’s family of high-resolution commercial satellites: WorldView-1 (2007) images at 0.5 m panchromatic, WorldView-2 (2009) added eight multispectral bands and WorldView-3 (2014) reached 0.31 m with short-wave infrared bands; WorldView-4 was lost in 2019. Six WorldView Legion satellites launched in 2024–2025 multiply revisits at the 30 cm class.',
    ),
    sources: [
      { title: 'eoPortal: WorldView-3', url: 'https://www.eoportal.org/satellite-missions/worldview-3' },
      { title: 'Maxar: WorldView Legion', url: 'https://www.maxar.com/' },
    ],
  },
  {
    slug: 'sentinel2',
    area: 'global',
    group: 'optical',
    countries: ['EU'],
    name: t('哨兵2号（Sentinel-2）', 'Sentinel-2'),
    shortName: 'Sentinel-2',
    agency: t('欧盟哥白尼计划、欧洲航天局（ESA）', 'European Union Copernicus programme and the European Space Agency (ESA)'),
    operator: t('欧洲航天局', 'European Space Agency'),
    operatorType: 'government',
    orbit: { type: 'sso', altitudeKm: 786, inclinationDeg: 98.62, localTime: SSO_1030_DESC, repeatDays: 10 },
    revisit: t('两星组网 5 天', '5 days with two satellites'),
    designLife: t('7.25 年', '7.25 years'),
    members: [
      { name: 'Sentinel-2A', nameZh: '哨兵2A', norad: 40697 },
      { name: 'Sentinel-2B', nameZh: '哨兵2B', norad: 42063, launch: '2017-03-07' },
      { name: 'Sentinel-2C', nameZh: '哨兵2C', norad: 60989, launch: '2024-09-05' },
    ],
    sensors: [
      {
        code: 'MSI',
        name: t('多光谱成像仪', 'MultiSpectral Instrument'),
        kind: 'multispectral',
        bands: t(
          '13 个谱段，覆盖可见光、近红外和短波红外，含 3 个红边谱段',
          '13 bands in the visible, near and short-wave infrared, including 3 red-edge bands',
        ),
        resolution: t('10 m、20 m、60 m（按谱段）', '10 m, 20 m or 60 m (by band)'),
        bestResolutionM: 10,
        swathKm: 290,
        // A fixed, nadir-looking instrument on a systematic acquisition plan (ESA).
        maxOffNadirDeg: 0,
      },
    ],
    description: t(
      '哨兵2号是欧盟哥白尼计划的高分辨率多光谱成像任务，2A星和2B星分别于2015年和2017年发射，2C星于2024年发射。多光谱成像仪以290公里的大幅宽获取13个谱段影像，两星组网每5天覆盖全球陆地一次，数据全部免费开放，是农业、森林、土地覆盖和内陆水体监测最常用的数据源之一。',
      'Sentinel-2 is the high-resolution multispectral mission of the EU’s Copernicus programme: 2A and 2B were launched in 2015 and 2017 and 2C in 2024. The MultiSpectral Instrument images a 290 km swath in 13 bands; two satellites together cover the world’s land every five days, and the free data are among the most used for agriculture, forests, land cover and inland water.',
    ),
    sources: [{ title: 'ESA: Sentinel-2', url: 'https://www.esa.int/Applications/Observing_the_Earth/Copernicus/Sentinel-2' }],
  },
  {
    slug: 'spot',
    area: 'global',
    group: 'optical',
    countries: ['FR'],
    name: t('斯波特卫星 6/7 号（SPOT 6/7）', 'SPOT 6 and 7'),
    shortName: 'SPOT 6/7',
    agency: t('空客防务与航天公司', 'Airbus Defence and Space'),
    operator: t('空客防务与航天公司', 'Airbus Defence and Space'),
    operatorType: 'commercial',
    orbit: { type: 'sso', altitudeKm: 694 },
    members: [
      { name: 'SPOT 6', nameZh: 'SPOT 6', norad: 38755 },
      { name: 'SPOT 7', nameZh: 'SPOT 7', norad: 40053 },
    ],
    sensors: [
      {
        code: 'NAOMI',
        name: t('NAOMI 相机', 'NAOMI camera'),
        kind: 'pan-multispectral',
        bands: PAN_MS4,
        resolution: t('全色 1.5 m，多光谱 6 m', 'panchromatic 1.5 m, multispectral 6 m'),
        bestResolutionM: 1.5,
        swathKm: 60,
        // The extended figure (the satellite's reach); standard acquisitions stay within ±30°.
        maxOffNadirDeg: 45,
      },
    ],
    description: t(
      'SPOT 系列始于1986年，是欧洲历史最悠久的商业对地观测卫星系列。SPOT 6 和 SPOT 7 分别于2012年和2014年发射，以1.5米全色和6米多光谱、60公里幅宽见长，适合大范围的1:25000比例尺制图、农业和林业监测。',
      'The SPOT series, begun in 1986, is Europe’s longest-running commercial Earth-observation programme. SPOT 6 and SPOT 7, launched in 2012 and 2014, combine 1.5 m panchromatic and 6 m multispectral imagery with a 60 km swath, well suited to mapping large areas at 1:25,000 and to agriculture and forestry.',
    ),
    sources: [
      { title: 'eoPortal: SPOT-6 and SPOT-7', url: 'https://www.eoportal.org/satellite-missions/spot-6-7' },
      {
        title: 'Airbus Defence and Space, SPOT 6 | SPOT 7 technical sheet: viewing angle ±30° standard, ±45° extended in roll (45° used)',
        url: 'https://space-solutions.airbus.com/',
      },
    ],
  },
  {
    slug: 'pleiades',
    area: 'global',
    group: 'optical',
    countries: ['FR'],
    name: t('昴宿星卫星（Pléiades 与 Pléiades Neo）', 'Pléiades and Pléiades Neo'),
    shortName: 'Pléiades',
    agency: t(
      '法国国家空间研究中心（CNES，Pléiades 1A/1B）、空客防务与航天公司（Pléiades Neo）',
      'CNES (Pléiades 1A/1B) and Airbus Defence and Space (Pléiades Neo)',
    ),
    operator: t('空客防务与航天公司', 'Airbus Defence and Space'),
    operatorType: 'public-private',
    orbit: { type: 'sso' },
    members: [
      { name: 'Pléiades 1A', nameZh: '昴宿星1A', norad: 38012 },
      { name: 'Pléiades 1B', nameZh: '昴宿星1B', norad: 39019 },
      { name: 'Pléiades Neo 3', nameZh: '昴宿星 Neo 3', norad: 48268 },
      { name: 'Pléiades Neo 4', nameZh: '昴宿星 Neo 4', norad: 49070 },
      {
        name: 'Pléiades Neo 5',
        nameZh: '昴宿星 Neo 5',
        launch: '2022-12-21',
        status: 'lost',
        note: t('织女星-C 火箭发射失利', 'lost in the Vega-C launch failure'),
      },
      {
        name: 'Pléiades Neo 6',
        nameZh: '昴宿星 Neo 6',
        launch: '2022-12-21',
        status: 'lost',
        note: t('织女星-C 火箭发射失利', 'lost in the Vega-C launch failure'),
      },
    ],
    sensors: [
      {
        code: 'HiRI',
        name: t('Pléiades 高分辨率相机', 'Pléiades high-resolution imager'),
        kind: 'pan-multispectral',
        bands: PAN_MS4,
        resolution: t(
          '全色 0.7 m（产品 0.5 m），多光谱 2.8 m（产品 2 m）',
          'panchromatic 0.7 m (0.5 m product), multispectral 2.8 m (2 m product)',
        ),
        bestResolutionM: 0.7,
        swathKm: 20,
        // The maximum figure; standard acquisitions stay within ±30°.
        maxOffNadirDeg: 47,
      },
      {
        code: 'Neo',
        name: t('Pléiades Neo 相机', 'Pléiades Neo imager'),
        kind: 'pan-multispectral',
        bands: t(
          '全色；6 个多光谱谱段（深蓝、蓝、绿、红、红边、近红外）',
          'panchromatic; 6 multispectral bands (deep blue, blue, green, red, red edge, near infrared)',
        ),
        resolution: t('全色 0.3 m，多光谱 1.2 m', 'panchromatic 0.3 m, multispectral 1.2 m'),
        bestResolutionM: 0.3,
        swathKm: 14,
      },
    ],
    description: t(
      'Pléiades 1A 和 1B 由法国国家空间研究中心主导研制，2011年和2012年发射，兼顾军民两用，提供0.5米级影像。空客公司自筹资金建设的 Pléiades Neo 星座中，Neo 3 和 Neo 4 于2021年入轨，全色分辨率0.3米；Neo 5 和 Neo 6 在2022年12月的织女星-C火箭发射失利中损失。',
      'Pléiades 1A and 1B, led by the French space agency CNES and launched in 2011 and 2012, serve both civil and defence users with 0.5 m class imagery. In Airbus’s privately funded Pléiades Neo constellation, Neo 3 and Neo 4 reached orbit in 2021 with 0.3 m resolution; Neo 5 and Neo 6 were lost in the Vega-C launch failure of December 2022.',
    ),
    sources: [
      { title: 'eoPortal: Pléiades', url: 'https://www.eoportal.org/satellite-missions/pleiades' },
      { title: 'eoPortal: Pléiades Neo', url: 'https://www.eoportal.org/satellite-missions/pleiades-neo' },
      {
        title: 'Airbus Defence and Space, Pléiades imagery user guide: viewing angle ±30° standard, up to 47° maximum (47° used)',
        url: 'https://space-solutions.airbus.com/',
      },
    ],
  },
  {
    slug: 'irs',
    area: 'global',
    group: 'optical',
    countries: ['IN'],
    name: t('印度遥感卫星（资源卫星 Resourcesat-2/2A）', 'Indian Remote Sensing: Resourcesat-2 and 2A'),
    shortName: 'IRS Resourcesat',
    agency: t('印度空间研究组织（ISRO）', 'Indian Space Research Organisation (ISRO)'),
    operator: t('印度国家遥感中心（NRSC）', 'National Remote Sensing Centre (NRSC)'),
    operatorType: 'government',
    orbit: { type: 'sso', altitudeKm: 817, localTime: SSO_1030_DESC, repeatDays: 24 },
    members: [
      { name: 'Resourcesat-2', nameZh: '资源卫星2号', norad: 37387 },
      { name: 'Resourcesat-2A', nameZh: '资源卫星2A', norad: 41877 },
    ],
    sensors: [
      {
        code: 'LISS-IV',
        name: t('线性成像自扫描传感器 IV', 'Linear Imaging Self-Scanning Sensor IV'),
        kind: 'multispectral',
        bands: t('3 个谱段（绿、红、近红外）', '3 bands (green, red, near infrared)'),
        resolution: t('5.8 m', '5.8 m'),
        bestResolutionM: 5.8,
        swathKm: 70,
      },
      {
        code: 'LISS-III',
        name: t('线性成像自扫描传感器 III', 'Linear Imaging Self-Scanning Sensor III'),
        kind: 'multispectral',
        bands: t('4 个谱段（绿、红、近红外、短波红外）', '4 bands (green, red, NIR, SWIR)'),
        resolution: t('23.5 m', '23.5 m'),
        bestResolutionM: 23.5,
        swathKm: 141,
      },
      {
        code: 'AWiFS',
        name: t('先进宽视场传感器', 'Advanced Wide Field Sensor'),
        kind: 'multispectral',
        bands: t('4 个谱段（绿、红、近红外、短波红外）', '4 bands (green, red, NIR, SWIR)'),
        resolution: t('56 m', '56 m'),
        bestResolutionM: 56,
        swathKm: 740,
      },
    ],
    description: t(
      '印度遥感卫星系列始于1988年，是发展中国家中规模最大的民用遥感卫星体系之一。资源卫星2号（2011年发射）和2A（2016年发射）同时搭载5.8米、23.5米和56米三种分辨率的多光谱相机，可在一次过境中获得从精细到大范围的多尺度影像，主要用于农业估产、水资源和自然资源管理。',
      'The Indian Remote Sensing programme, begun in 1988, is one of the largest civil Earth-observation systems of any developing country. Resourcesat-2 (2011) and 2A (2016) each carry multispectral cameras at 5.8 m, 23.5 m and 56 m, capturing detailed and wide-area views on the same pass for crop forecasts, water and natural-resource management.',
    ),
    sources: [
      { title: 'ISRO: Resourcesat-2A', url: 'https://www.isro.gov.in/' },
      { title: 'eoPortal: ResourceSat-2', url: 'https://www.eoportal.org/satellite-missions/resourcesat-2' },
    ],
  },
  {
    slug: 'kompsat',
    area: 'global',
    group: 'optical',
    countries: ['KR'],
    name: t('韩国多用途卫星光学系列（KOMPSAT-2/3/3A）', 'KOMPSAT-2, 3 and 3A (Arirang)'),
    shortName: 'KOMPSAT',
    agency: t('韩国航空宇宙研究院（KARI）', 'Korea Aerospace Research Institute (KARI)'),
    operator: t('韩国航空宇宙研究院', 'KARI'),
    operatorType: 'government',
    orbit: { type: 'sso' },
    members: [
      { name: 'KOMPSAT-2', nameZh: '阿里郎2号', norad: 29268 },
      { name: 'KOMPSAT-3', nameZh: '阿里郎3号', norad: 38338 },
      { name: 'KOMPSAT-3A', nameZh: '阿里郎3A', norad: 40536 },
    ],
    sensors: [
      {
        code: 'MSC',
        name: t('KOMPSAT-2 多光谱相机', 'KOMPSAT-2 multispectral camera'),
        kind: 'pan-multispectral',
        bands: PAN_MS4,
        resolution: t('全色 1 m，多光谱 4 m', 'panchromatic 1 m, multispectral 4 m'),
        bestResolutionM: 1,
        swathKm: 15,
      },
      {
        code: 'AEISS',
        name: t('KOMPSAT-3 先进地球成像系统', 'KOMPSAT-3 Advanced Earth Imaging Sensor System'),
        kind: 'pan-multispectral',
        bands: PAN_MS4,
        resolution: t('全色 0.7 m，多光谱 2.8 m', 'panchromatic 0.7 m, multispectral 2.8 m'),
        bestResolutionM: 0.7,
        swathKm: 16,
      },
      {
        code: 'AEISS-A',
        name: t('KOMPSAT-3A 成像系统', 'KOMPSAT-3A imaging system'),
        kind: 'pan-multispectral',
        bands: t('全色；4 个多光谱谱段；中波红外', 'panchromatic; 4 multispectral bands; mid-wave infrared'),
        resolution: t('全色 0.55 m，多光谱 2.2 m，中波红外 5.5 m', 'panchromatic 0.55 m, multispectral 2.2 m, mid-wave infrared 5.5 m'),
        bestResolutionM: 0.55,
        swathKm: 12,
      },
    ],
    description: t(
      '韩国多用途卫星（KOMPSAT，又名阿里郎）由韩国航空宇宙研究院研制。光学系列中 KOMPSAT-2 于2006年发射，KOMPSAT-3 于2012年发射，KOMPSAT-3A 于2015年发射并增加了中波红外通道，可在夜间观测热异常。影像用于国土管理、灾害监测和测绘。',
      'The Korea Multi-Purpose Satellites (KOMPSAT, also called Arirang) are built by the Korea Aerospace Research Institute. The optical line comprises KOMPSAT-2 (2006), KOMPSAT-3 (2012) and KOMPSAT-3A (2015), which adds a mid-wave infrared channel that sees heat anomalies at night. The imagery serves land management, disaster monitoring and mapping.',
    ),
    sources: [
      { title: 'eoPortal: KOMPSAT-3A', url: 'https://www.eoportal.org/satellite-missions/kompsat-3a' },
      { title: 'Korea Aerospace Research Institute', url: 'https://www.kari.re.kr/eng.do' },
    ],
  },

  // ── Global satellites: hyperspectral ──────────────────────────────────────────────────────────
  {
    slug: 'prisma',
    area: 'global',
    group: 'hyperspectral',
    countries: ['IT'],
    name: t('意大利高光谱卫星（PRISMA）', 'PRISMA'),
    shortName: 'PRISMA',
    agency: t('意大利航天局（ASI）', 'Italian Space Agency (ASI)'),
    operator: t('意大利航天局', 'Italian Space Agency'),
    operatorType: 'government',
    orbit: { type: 'sso', altitudeKm: 615, localTime: SSO_1030_DESC },
    designLife: t('5 年', '5 years'),
    members: [{ name: 'PRISMA', nameZh: 'PRISMA', norad: 44072 }],
    sensors: [
      {
        code: 'HYC',
        name: t('高光谱相机', 'Hyperspectral camera'),
        kind: 'hyperspectral',
        bands: t('400–2505 nm，约 240 个谱段（可见近红外 66 个，短波红外 173 个）', '400–2505 nm in about 240 bands (66 VNIR, 173 SWIR)'),
        resolution: t('30 m', '30 m'),
        bestResolutionM: 30,
        swathKm: 30,
      },
      {
        code: 'PAN',
        name: t('全色相机', 'Panchromatic camera'),
        kind: 'pan-multispectral',
        bands: t('全色', 'panchromatic'),
        resolution: t('5 m', '5 m'),
        bestResolutionM: 5,
        swathKm: 30,
      },
    ],
    description: t(
      'PRISMA 是意大利航天局的高光谱对地观测卫星，2019年3月22日发射。它以30米分辨率获取约240个连续谱段的高光谱影像，并配有5米全色相机用于影像融合，数据向科研用户开放，用于矿物填图、农业、水质和污染监测。',
      'PRISMA is the Italian Space Agency’s hyperspectral Earth-observation satellite, launched on 22 March 2019. It records about 240 contiguous bands at 30 m, with a 5 m panchromatic camera for sharpening; its data are open to researchers for mineral mapping, agriculture, water quality and pollution monitoring.',
    ),
    sources: [{ title: 'ASI: PRISMA', url: 'https://www.asi.it/en/earth-science/prisma/' }],
  },
  {
    slug: 'eo1',
    area: 'global',
    group: 'hyperspectral',
    countries: ['US'],
    name: t('地球观测1号（EO-1）', 'Earth Observing-1 (EO-1)'),
    shortName: 'EO-1',
    agency: t('美国国家航空航天局', 'NASA'),
    operator: t('美国国家航空航天局、美国地质调查局', 'NASA and USGS'),
    operatorType: 'government',
    orbit: { type: 'sso', altitudeKm: 705 },
    designLife: t('1 年（实际运行超过 16 年）', '1 year (operated for more than 16 years)'),
    members: [
      {
        name: 'EO-1',
        nameZh: '地球观测1号',
        norad: 26619,
        cospar: '2000-075A',
        launch: '2000-11-21',
        status: 'retired',
        note: t('2017 年 3 月停止运行', 'decommissioned in March 2017'),
      },
    ],
    sensors: [
      {
        code: 'Hyperion',
        name: t('Hyperion 高光谱成像仪', 'Hyperion imaging spectrometer'),
        kind: 'hyperspectral',
        bands: t('约 400–2500 nm，220 个谱段', 'about 400–2500 nm in 220 bands'),
        resolution: t('30 m', '30 m'),
        bestResolutionM: 30,
        swathKm: 7.7,
      },
      {
        code: 'ALI',
        name: t('先进陆地成像仪', 'Advanced Land Imager'),
        kind: 'pan-multispectral',
        bands: t('全色；9 个多光谱谱段', 'panchromatic; 9 multispectral bands'),
        resolution: t('全色 10 m，多光谱 30 m', 'panchromatic 10 m, multispectral 30 m'),
        bestResolutionM: 10,
        swathKm: 37,
      },
    ],
    description: t(
      'EO-1 是美国国家航空航天局新千年计划的技术验证卫星，2000年11月21日发射。星上的 Hyperion 是第一台在轨运行的民用星载高光谱成像仪，先进陆地成像仪则验证了后来用于 Landsat 8 的推扫成像技术。卫星原计划运行一年，实际服役至2017年，留下了宝贵的高光谱数据档案。',
      'EO-1, a technology demonstrator of NASA’s New Millennium Program, was launched on 21 November 2000. Its Hyperion was the first civil imaging spectrometer in orbit, and its Advanced Land Imager proved the push-broom design later used on Landsat 8. Planned for one year, it served until 2017 and left a valuable hyperspectral archive.',
    ),
    sources: [{ title: 'USGS EROS: Earth Observing-1 (EO-1)', url: 'https://www.usgs.gov/centers/eros/science/earth-observing-1-eo-1' }],
  },
  {
    slug: 'enmap',
    area: 'global',
    group: 'hyperspectral',
    countries: ['DE'],
    name: t('德国环境测绘与分析计划卫星（EnMAP）', 'EnMAP (Environmental Mapping and Analysis Program)'),
    shortName: 'EnMAP',
    agency: t('德国航空航天中心（DLR）', 'German Aerospace Center (DLR)'),
    operator: t('德国航空航天中心', 'DLR'),
    operatorType: 'government',
    orbit: { type: 'sso', altitudeKm: 653, localTime: t('降交点地方时 11:00', '11:00 descending node') },
    revisit: t('4 天（侧摆 ±30°）', '4 days (pointing ±30°)'),
    designLife: t('5 年', '5 years'),
    members: [{ name: 'EnMAP', nameZh: 'EnMAP', norad: 52159, launch: '2022-04-01' }],
    sensors: [
      {
        code: 'HSI',
        name: t('高光谱成像仪', 'Hyperspectral imager'),
        kind: 'hyperspectral',
        bands: t('420–2450 nm 连续光谱（可见近红外与短波红外两台光谱仪）', 'continuous spectrum 420–2450 nm (VNIR and SWIR spectrometers)'),
        resolution: t('30 m', '30 m'),
        bestResolutionM: 30,
        swathKm: 30,
      },
    ],
    description: t(
      'EnMAP 是德国的高光谱科学卫星，2022年4月1日发射。它以30米分辨率、30公里幅宽获取420至2450纳米的连续光谱，数据免费提供给科研用户，用于土壤、矿产、植被生化参数、水体和冰雪等环境要素的定量分析。',
      'EnMAP is Germany’s hyperspectral science satellite, launched on 1 April 2022. It records a continuous spectrum from 420 to 2450 nm at 30 m over a 30 km swath, and its free data support quantitative studies of soils, minerals, vegetation chemistry, water and snow.',
    ),
    sources: [{ title: 'EnMAP mission website (DLR / GFZ)', url: 'https://www.enmap.org/' }],
  },

  // ── Global satellites: radar ──────────────────────────────────────────────────────────────────
  {
    slug: 'radarsat',
    area: 'global',
    group: 'radar',
    countries: ['CA'],
    name: t('雷达卫星（RADARSAT-2 与 RADARSAT 星座任务）', 'RADARSAT-2 and the RADARSAT Constellation Mission'),
    shortName: 'RADARSAT',
    agency: t('加拿大航天局（CSA）', 'Canadian Space Agency (CSA)'),
    operator: t('MDA 公司（RADARSAT-2）、加拿大航天局（RCM）', 'MDA (RADARSAT-2) and CSA (RCM)'),
    operatorType: 'public-private',
    orbit: { type: 'sso', localTime: DAWN_DUSK },
    members: [
      { name: 'RADARSAT-2', nameZh: '雷达卫星2号', norad: 32382 },
      { name: 'RCM-1', nameZh: 'RCM-1', norad: 44322 },
      { name: 'RCM-2', nameZh: 'RCM-2', norad: 44324 },
      { name: 'RCM-3', nameZh: 'RCM-3', norad: 44323 },
    ],
    sensors: [
      {
        code: 'SAR (RADARSAT-2)',
        name: t('RADARSAT-2 C 波段合成孔径雷达', 'RADARSAT-2 C-band SAR'),
        kind: 'sar',
        bands: t('C 波段，全极化', 'C band, fully polarimetric'),
        resolution: t('1–100 m（随模式而定）', '1–100 m (by mode)'),
        bestResolutionM: 1,
        swath: t('18–500 km（随模式而定）', '18–500 km (by mode)'),
        swathKm: 500,
      },
      {
        code: 'SAR (RCM)',
        name: t('RCM C 波段合成孔径雷达', 'RCM C-band SAR'),
        kind: 'sar',
        bands: t('C 波段，支持简缩极化', 'C band with compact polarimetry'),
        resolution: t('最高约 1 × 3 m（聚束模式）', 'down to about 1 × 3 m (spotlight)'),
        bestResolutionM: 1,
        swath: t('最宽约 500 km', 'up to about 500 km'),
        swathKm: 500,
      },
    ],
    description: t(
      'RADARSAT-2 于2007年12月发射，是加拿大政府与 MDA 公司合作建设的 C 波段雷达卫星；2019年6月发射的 RADARSAT 星座任务（RCM）由三颗卫星组成，可每天多次观测加拿大的陆地和海域。它们全天候监测海冰、船只、溢油、农田和地表形变，是北极航运和海洋安全的重要数据源。',
      'RADARSAT-2, launched in December 2007, is a C-band radar satellite built in partnership between the Canadian government and MDA; the three-satellite RADARSAT Constellation Mission (RCM), launched in June 2019, observes Canada’s land and waters several times a day. In all weathers they watch sea ice, ships, oil spills, crops and ground deformation, key data for Arctic shipping and maritime security.',
    ),
    sources: [{ title: 'Canadian Space Agency: RADARSAT', url: 'https://www.asc-csa.gc.ca/eng/satellites/radarsat/' }],
  },
  {
    slug: 'sentinel1',
    area: 'global',
    group: 'radar',
    countries: ['EU'],
    name: t('哨兵1号（Sentinel-1）', 'Sentinel-1'),
    shortName: 'Sentinel-1',
    agency: t('欧盟哥白尼计划、欧洲航天局（ESA）', 'European Union Copernicus programme and the European Space Agency (ESA)'),
    operator: t('欧洲航天局', 'European Space Agency'),
    operatorType: 'government',
    orbit: {
      type: 'sso',
      altitudeKm: 693,
      inclinationDeg: 98.18,
      localTime: t('升交点地方时 18:00（晨昏轨道）', '18:00 ascending node (dawn–dusk)'),
      repeatDays: 12,
    },
    revisit: t('单星重复周期 12 天，两星组网 6 天', '12-day repeat per satellite, 6 days with two'),
    designLife: t('7 年', '7 years'),
    members: [
      { name: 'Sentinel-1A', nameZh: '哨兵1A', norad: 39634 },
      {
        name: 'Sentinel-1B',
        nameZh: '哨兵1B',
        norad: 41456,
        cospar: '2016-025A',
        launch: '2016-04-25',
        status: 'retired',
        note: t('2021 年 12 月电源故障，2022 年任务结束', 'power failure in December 2021; mission ended in 2022'),
      },
      { name: 'Sentinel-1C', nameZh: '哨兵1C', norad: 62261, launch: '2024-12-05' },
      { name: 'Sentinel-1D', nameZh: '哨兵1D', norad: 66315 },
    ],
    sensors: [
      {
        code: 'C-SAR',
        name: t('C 波段合成孔径雷达', 'C-band synthetic aperture radar'),
        kind: 'sar',
        bands: t('C 波段 5.405 GHz；单极化或双极化（VV+VH、HH+HV）', 'C band 5.405 GHz; single or dual polarisation (VV+VH, HH+HV)'),
        resolution: t(
          '条带 5 × 5 m；干涉宽幅 5 × 20 m；超宽幅 20 × 40 m',
          'stripmap 5 × 5 m; interferometric wide swath 5 × 20 m; extra wide swath 20 × 40 m',
        ),
        bestResolutionM: 5,
        swath: t(
          '条带 80 km；干涉宽幅 250 km；超宽幅 400 km',
          'stripmap 80 km; interferometric wide swath 250 km; extra wide swath 400 km',
        ),
        swathKm: 400,
      },
    ],
    description: t(
      '哨兵1号是欧盟哥白尼计划的 C 波段雷达任务，1A 星于2014年发射，1B 星于2016年发射、2022年因故障结束任务，1C、1D 星分别于2024年和2025年发射。其干涉宽幅模式以250公里幅宽系统性地覆盖全球陆地，免费数据使地表形变 InSAR 监测、洪水制图和海冰监测走向业务化。',
      'Sentinel-1 is the C-band radar mission of the EU’s Copernicus programme: 1A was launched in 2014, 1B in 2016 (ended by a failure in 2022), and 1C and 1D in 2024 and 2025. Its 250 km interferometric wide-swath mode maps the world’s land systematically, and the free data made InSAR deformation monitoring, flood mapping and sea-ice charting routine.',
    ),
    sources: [{ title: 'ESA: Sentinel-1', url: 'https://www.esa.int/Applications/Observing_the_Earth/Copernicus/Sentinel-1' }],
  },
  {
    slug: 'cosmoskymed',
    area: 'global',
    group: 'radar',
    countries: ['IT'],
    name: t('地中海盆地观测小卫星星座（COSMO-SkyMed）', 'COSMO-SkyMed'),
    shortName: 'COSMO-SkyMed',
    agency: t('意大利航天局（ASI）、意大利国防部', 'Italian Space Agency (ASI) and the Italian Ministry of Defence'),
    operator: t('意大利航天局、意大利国防部', 'ASI and the Italian Ministry of Defence'),
    operatorType: 'government',
    orbit: { type: 'sso', altitudeKm: 620, localTime: DAWN_DUSK, repeatDays: 16 },
    members: [
      { name: 'COSMO-SkyMed 1', nameZh: 'COSMO-SkyMed 1', norad: 31598 },
      { name: 'COSMO-SkyMed 2', nameZh: 'COSMO-SkyMed 2', norad: 32376 },
      { name: 'COSMO-SkyMed 3', nameZh: 'COSMO-SkyMed 3', norad: 33412 },
      { name: 'COSMO-SkyMed 4', nameZh: 'COSMO-SkyMed 4', norad: 37216 },
      { name: 'CSG-1', nameZh: '第二代 COSMO-SkyMed 1', norad: 44873 },
      { name: 'CSG-2', nameZh: '第二代 COSMO-SkyMed 2', norad: 51444 },
      { name: 'CSG-3', nameZh: '第二代 COSMO-SkyMed 3', norad: 67304 },
    ],
    sensors: [
      {
        code: 'SAR-2000 / CSG-SAR',
        name: t('X 波段合成孔径雷达', 'X-band synthetic aperture radar'),
        kind: 'sar',
        bands: t('X 波段，多极化', 'X band, multiple polarisations'),
        resolution: t('聚束模式 1 m 以内；条带 3–15 m；扫描 30–100 m', 'spotlight under 1 m; stripmap 3–15 m; ScanSAR 30–100 m'),
        bestResolutionM: 1,
        swath: t('10–200 km（随模式而定）', '10–200 km (by mode)'),
        swathKm: 200,
      },
    ],
    description: t(
      'COSMO-SkyMed 是意大利军民两用的 X 波段雷达卫星星座，第一代四颗卫星于2007年至2010年发射，第二代卫星自2019年起陆续入轨。星座可在一天内多次观测同一地区，米级分辨率的雷达影像用于应急救灾、海上监视、城市形变和国防安全。',
      'COSMO-SkyMed is Italy’s dual-use (civil and defence) X-band radar constellation: four first-generation satellites were launched between 2007 and 2010 and the second generation since 2019. Able to image a place several times a day, its metre-scale radar images serve emergency response, maritime surveillance, urban deformation and security.',
    ),
    sources: [{ title: 'ASI: COSMO-SkyMed', url: 'https://www.asi.it/en/earth-science/cosmo-skymed/' }],
  },
  {
    slug: 'terrasarx',
    area: 'global',
    group: 'radar',
    countries: ['DE'],
    name: t('陆地合成孔径雷达-X（TerraSAR-X 与 TanDEM-X）', 'TerraSAR-X and TanDEM-X'),
    shortName: 'TerraSAR-X',
    agency: t(
      '德国航空航天中心（DLR）与空客防务与航天公司（公私合作）',
      'German Aerospace Center (DLR) with Airbus Defence and Space (public–private partnership)',
    ),
    operator: t('德国航空航天中心', 'DLR'),
    operatorType: 'public-private',
    orbit: { type: 'sso', altitudeKm: 514, inclinationDeg: 97.44, localTime: DAWN_DUSK, repeatDays: 11 },
    designLife: t('5 年', '5 years'),
    members: [
      { name: 'TerraSAR-X', nameZh: 'TerraSAR-X', norad: 31698 },
      { name: 'TanDEM-X', nameZh: 'TanDEM-X', norad: 36605 },
    ],
    sensors: [
      {
        code: 'TSX-SAR',
        name: t('X 波段合成孔径雷达', 'X-band synthetic aperture radar'),
        kind: 'sar',
        bands: t('X 波段 9.65 GHz，单、双、全极化', 'X band 9.65 GHz, single, dual or quad polarisation'),
        resolution: t(
          '凝视聚束 0.25 m；聚束 1–2 m；条带 3 m；扫描 18–40 m',
          'staring spotlight 0.25 m; spotlight 1–2 m; stripmap 3 m; ScanSAR 18–40 m',
        ),
        bestResolutionM: 0.25,
        swath: t('4–270 km（随模式而定）', '4–270 km (by mode)'),
        swathKm: 270,
      },
    ],
    description: t(
      'TerraSAR-X（2007年发射）和 TanDEM-X（2010年发射）是德国的 X 波段雷达卫星，以几百米间距编队飞行，组成世界上第一个星载双站干涉测量系统，生成了覆盖全球、高程精度约2米的 WorldDEM 数字高程模型。其凝视聚束模式分辨率可达0.25米。',
      'TerraSAR-X (launched 2007) and TanDEM-X (2010) are German X-band radar satellites flying in close formation a few hundred metres apart: the first bistatic interferometer in space, which produced the global WorldDEM elevation model. Their staring spotlight mode resolves down to 0.25 m.',
    ),
    sources: [
      { title: 'eoPortal: TerraSAR-X', url: 'https://www.eoportal.org/satellite-missions/terrasar-x' },
      { title: 'eoPortal: TanDEM-X', url: 'https://www.eoportal.org/satellite-missions/tandem-x' },
    ],
  },
  {
    slug: 'alos2',
    area: 'global',
    group: 'radar',
    countries: ['JP'],
    name: t('先进陆地观测卫星2号（ALOS-2，大地2号）', 'ALOS-2 (Daichi-2)'),
    shortName: 'ALOS-2',
    agency: t('日本宇宙航空研究开发机构（JAXA）', 'Japan Aerospace Exploration Agency (JAXA)'),
    operator: t('日本宇宙航空研究开发机构', 'JAXA'),
    operatorType: 'government',
    orbit: { type: 'sso', altitudeKm: 628, localTime: t('降交点地方时 12:00', '12:00 descending node'), repeatDays: 14 },
    designLife: t('5 年（目标 7 年）', '5 years (target 7 years)'),
    members: [{ name: 'ALOS-2', nameZh: '大地2号', norad: 39766 }],
    sensors: [
      {
        code: 'PALSAR-2',
        name: t('相控阵 L 波段合成孔径雷达-2', 'Phased Array type L-band SAR-2'),
        kind: 'sar',
        bands: t('L 波段 1.2 GHz，单、双、全极化', 'L band 1.2 GHz, single, dual or quad polarisation'),
        resolution: t('聚束 1 × 3 m；条带 3–10 m；扫描 60–100 m', 'spotlight 1 × 3 m; stripmap 3–10 m; ScanSAR 60–100 m'),
        bestResolutionM: 1,
        swath: t('25–490 km（随模式而定）', '25–490 km (by mode)'),
        swathKm: 490,
      },
    ],
    description: t(
      'ALOS-2 于2014年5月24日发射，搭载 L 波段相控阵合成孔径雷达 PALSAR-2。L 波段能穿透植被，特别适合森林监测和植被覆盖区的地表形变测量，ALOS-2 在日本及全球的地震、火山和滑坡灾害观测中发挥了重要作用。',
      'ALOS-2, launched on 24 May 2014, carries the L-band phased-array radar PALSAR-2. L band penetrates vegetation, which makes it ideal for forest monitoring and for measuring ground deformation under plant cover; ALOS-2 has been central to observing earthquakes, volcanoes and landslides in Japan and worldwide.',
    ),
    sources: [{ title: 'JAXA EORC: ALOS-2', url: 'https://www.eorc.jaxa.jp/ALOS-2/en/' }],
  },
  {
    slug: 'kompsat5',
    area: 'global',
    group: 'radar',
    countries: ['KR'],
    name: t('韩国多用途卫星5号（KOMPSAT-5）', 'KOMPSAT-5 (Arirang-5)'),
    shortName: 'KOMPSAT-5',
    agency: t('韩国航空宇宙研究院（KARI）', 'Korea Aerospace Research Institute (KARI)'),
    operator: t('韩国航空宇宙研究院', 'KARI'),
    operatorType: 'government',
    orbit: { type: 'sso', altitudeKm: 550, localTime: DAWN_DUSK },
    designLife: t('5 年', '5 years'),
    members: [{ name: 'KOMPSAT-5', nameZh: '阿里郎5号', norad: 39227 }],
    sensors: [
      {
        code: 'COSI',
        name: t('X 波段合成孔径雷达', 'Corea SAR Instrument (X band)'),
        kind: 'sar',
        bands: t('X 波段', 'X band'),
        resolution: t('高分辨率模式 1 m；标准模式 3 m；宽幅模式 20 m', 'high-resolution 1 m; standard 3 m; wide swath 20 m'),
        bestResolutionM: 1,
        swath: t('5–100 km（随模式而定）', '5–100 km (by mode)'),
        swathKm: 100,
      },
    ],
    description: t(
      'KOMPSAT-5 是韩国第一颗雷达成像卫星，2013年8月22日发射，搭载 X 波段合成孔径雷达，最高分辨率1米。它弥补了光学卫星在夜间和阴雨天气下无法成像的不足，用于国土与海洋监测、灾害应对和地理信息更新。',
      'KOMPSAT-5, launched on 22 August 2013, is Korea’s first radar imaging satellite, with an X-band SAR resolving down to 1 m. It fills the gaps left by optical satellites at night and under cloud, for land and ocean monitoring, disaster response and geographic-information updates.',
    ),
    sources: [{ title: 'eoPortal: KOMPSAT-5', url: 'https://www.eoportal.org/satellite-missions/kompsat-5' }],
  },

  // ── Global satellites: laser altimetry and gravity ────────────────────────────────────────────
  {
    slug: 'icesat2',
    area: 'global',
    group: 'laser',
    countries: ['US'],
    name: t('冰、云和陆地高程卫星2号（ICESat-2）', 'ICESat-2 (Ice, Cloud and land Elevation Satellite-2)'),
    shortName: 'ICESat-2',
    agency: t('美国国家航空航天局', 'NASA'),
    operator: t('美国国家航空航天局戈达德航天飞行中心', 'NASA Goddard Space Flight Center'),
    operatorType: 'government',
    orbit: { type: 'polar', altitudeKm: 500, inclinationDeg: 92, repeatDays: 91 },
    designLife: t('3 年', '3 years'),
    members: [{ name: 'ICESat-2', nameZh: 'ICESat-2', norad: 43613 }],
    sensors: [
      {
        code: 'ATLAS',
        name: t('先进地形激光测高系统', 'Advanced Topographic Laser Altimeter System'),
        kind: 'lidar',
        bands: t(
          '532 nm 绿光，光子计数，6 个波束（3 对强弱波束），每秒 1 万个脉冲',
          '532 nm green light, photon counting, 6 beams in 3 strong/weak pairs, 10,000 pulses a second',
        ),
        resolution: t('沿轨每 0.7 m 一个脉冲', 'a pulse every 0.7 m along track'),
        swath: t('3 对波束横向间隔约 3.3 km', 'beam pairs about 3.3 km apart'),
      },
    ],
    description: t(
      'ICESat-2 于2018年9月15日发射，搭载光子计数激光测高仪 ATLAS，以每秒1万次的绿色激光脉冲测量冰盖、海冰、森林和地表的高度，精度达厘米级。其数据用于监测极地冰量变化和海平面上升的贡献，也可测量森林冠层高度和浅海水深。',
      'ICESat-2, launched on 15 September 2018, carries ATLAS, a photon-counting laser altimeter that fires 10,000 green pulses a second to measure the height of ice sheets, sea ice, forests and land to centimetres. Its data track polar ice loss and its contribution to sea-level rise, and also measure canopy heights and shallow-water depths.',
    ),
    sources: [{ title: 'NASA: ICESat-2', url: 'https://icesat-2.gsfc.nasa.gov/' }],
  },
  {
    slug: 'gracefo',
    area: 'global',
    group: 'gravity',
    countries: ['US', 'DE'],
    name: t('重力恢复与气候实验后续卫星（GRACE-FO）', 'GRACE-FO (Gravity Recovery and Climate Experiment Follow-On)'),
    shortName: 'GRACE-FO',
    agency: t('美国国家航空航天局、德国地学研究中心（GFZ）', 'NASA and the German Research Centre for Geosciences (GFZ)'),
    operator: t('美国喷气推进实验室、德国地学研究中心', 'NASA JPL and GFZ'),
    operatorType: 'government',
    orbit: { type: 'polar', altitudeKm: 490, inclinationDeg: 89 },
    designLife: t('5 年', '5 years'),
    members: [
      { name: 'GRACE-FO 1', nameZh: 'GRACE-FO 1', norad: 43476 },
      { name: 'GRACE-FO 2', nameZh: 'GRACE-FO 2', norad: 43477 },
    ],
    sensors: [
      {
        code: 'MWI',
        name: t('微波测距系统', 'Microwave ranging instrument'),
        kind: 'ranging',
        bands: t('K/Ka 波段星间测距，微米级精度', 'K/Ka-band inter-satellite ranging, micrometre precision'),
        resolution: t(
          '月度全球重力场，空间分辨率为数百千米',
          'monthly global gravity fields with a spatial resolution of a few hundred kilometres',
        ),
      },
      {
        code: 'LRI',
        name: t('激光测距干涉仪（技术验证）', 'Laser ranging interferometer (demonstration)'),
        kind: 'ranging',
        bands: t('星间激光干涉测距，纳米级精度', 'inter-satellite laser interferometry, nanometre precision'),
      },
    ],
    description: t(
      'GRACE-FO 由美德两国合作，2018年5月22日发射，两颗卫星在同一轨道上前后相距约220公里飞行，通过精确测量两星间距离的微小变化反演地球重力场。每月的重力场变化揭示了地下水、冰盖和冰川质量以及海洋环流的变化，首次在轨验证的激光测距干涉仪把测距精度提高到纳米级。',
      'GRACE-FO, a US–German mission launched on 22 May 2018, flies two satellites about 220 km apart in one orbit and maps Earth’s gravity field from tiny changes in the distance between them. Month-to-month changes reveal shifts in groundwater, ice sheets, glaciers and ocean currents; its laser ranging interferometer, the first in orbit, measures that distance to nanometres.',
    ),
    sources: [
      { title: 'NASA JPL: GRACE-FO', url: 'https://gracefo.jpl.nasa.gov/' },
      { title: 'GFZ: GRACE-FO', url: 'https://www.gfz-potsdam.de/grace-fo' },
    ],
  },
];
