/**
 * English names for regions: conventional names for the country, provinces and a few units whose
 * English name is not their pinyin; otherwise the pinyin of the name's base plus its unit type
 * (石家庄市 → "Shijiazhuang", 正定县 → "Zhengding County", 延边朝鲜族自治州 → "Yanbian Autonomous Prefecture").
 */
import { pinyin } from 'pinyin-pro';
import type { RegionLevel } from './hierarchy';

const PROVINCES: Readonly<Record<string, string>> = {
  '110000': 'Beijing',
  '120000': 'Tianjin',
  '130000': 'Hebei',
  '140000': 'Shanxi',
  '150000': 'Inner Mongolia',
  '210000': 'Liaoning',
  '220000': 'Jilin',
  '230000': 'Heilongjiang',
  '310000': 'Shanghai',
  '320000': 'Jiangsu',
  '330000': 'Zhejiang',
  '340000': 'Anhui',
  '350000': 'Fujian',
  '360000': 'Jiangxi',
  '370000': 'Shandong',
  '410000': 'Henan',
  '420000': 'Hubei',
  '430000': 'Hunan',
  '440000': 'Guangdong',
  '450000': 'Guangxi',
  '460000': 'Hainan',
  '500000': 'Chongqing',
  '510000': 'Sichuan',
  '520000': 'Guizhou',
  '530000': 'Yunnan',
  '540000': 'Tibet',
  '610000': 'Shaanxi',
  '620000': 'Gansu',
  '630000': 'Qinghai',
  '640000': 'Ningxia',
  '650000': 'Xinjiang',
  '710000': 'Taiwan',
  '810000': 'Hong Kong',
  '820000': 'Macao',
};

/** Units whose established English name is not pinyin + type: Hong Kong districts, Macao parishes, new areas. */
const CONVENTIONAL: Readonly<Record<string, string>> = {
  '120116': 'Binhai New Area',
  '210113': 'Shenbei New District',
  '310115': 'Pudong New Area',
  '500100': 'Chongqing Urban Districts',
  '500200': 'Chongqing Counties',
  '810001': 'Central and Western District',
  '810002': 'Wan Chai District',
  '810003': 'Eastern District',
  '810004': 'Southern District',
  '810005': 'Yau Tsim Mong District',
  '810006': 'Sham Shui Po District',
  '810007': 'Kowloon City District',
  '810008': 'Wong Tai Sin District',
  '810009': 'Kwun Tong District',
  '810010': 'Tsuen Wan District',
  '810011': 'Tuen Mun District',
  '810012': 'Yuen Long District',
  '810013': 'North District',
  '810014': 'Tai Po District',
  '810015': 'Sai Kung District',
  '810016': 'Sha Tin District',
  '810017': 'Kwai Tsing District',
  '810018': 'Islands District',
  '820001': 'Our Lady of Fatima Parish',
  '820002': 'St. Anthony Parish',
  '820003': 'St. Lazarus Parish',
  '820004': 'Cathedral Parish',
  '820005': 'St. Lawrence Parish',
  '820006': 'Our Lady of Carmel Parish',
  '820007': 'Cotai',
  '820008': 'St. Francis Xavier Parish',
};

/**
 * Place-name readings that pinyin-pro's general dictionary gets wrong, keyed by the whole base name
 * (checked against the official romanisation of each county).
 */
const BASE_READINGS: Readonly<Record<string, string>> = {
  乐亭: 'lao ting',
  乐陵: 'lao ling',
  乐清: 'yue qing',
  民乐: 'min le',
  蔚: 'yu',
  洪洞: 'hong tong',
  六合: 'lu he',
  歙: 'she',
  涡阳: 'guo yang',
  单: 'shan',
  浚: 'xun',
  泌阳: 'bi yang',
  黄陂: 'huang pi',
  曾都: 'zeng du',
  大埔: 'da bu',
  筠连: 'jun lian',
  尉犁: 'yu li',
  中牟: 'zhong mou',
  牟定: 'mou ding',
  蚌山: 'beng shan',
  吴堡: 'wu bu',
  称多: 'chen duo',
  繁峙: 'fan shi',
  闵行: 'min hang',
  大城: 'da cheng',
  召陵: 'shao ling',
  宕昌: 'tan chang',
  珲春: 'hun chun',
  万柏林: 'wan bai lin',
};

/** Characters whose reading in place names is always the same one (都 dū as in 成都, 什 shí as in 喀什). */
const CHAR_READINGS: Readonly<Record<string, string>> = { 都: 'du', 什: 'shi' };

/** The 55 recognised minority nationalities (longest first, so 东乡 is tried before 乡-like tails) and 各族. */
const ETHNIC_GROUPS: readonly string[] = (
  '柯尔克孜 乌孜别克 维吾尔 哈萨克 达斡尔 塔吉克 俄罗斯 鄂温克 塔塔尔 鄂伦春 蒙古 布依 朝鲜 土家 哈尼 傈僳 高山 拉祜 东乡 纳西 景颇 仫佬 布朗 撒拉 毛南 仡佬 锡伯 阿昌 ' +
  '普米 德昂 保安 裕固 独龙 赫哲 门巴 珞巴 基诺 回 藏 苗 彝 壮 满 侗 瑶 白 傣 黎 佤 畲 水 土 羌 怒 京 各'
).split(' ');

interface UnitType {
  suffix: string;
  english: string;
}

const PREFECTURE_TYPES: readonly UnitType[] = [
  { suffix: '自治州', english: 'Autonomous Prefecture' },
  { suffix: '地区', english: 'Prefecture' },
  { suffix: '盟', english: 'League' },
  { suffix: '市', english: '' },
];

const COUNTY_TYPES: readonly UnitType[] = [
  { suffix: '自治县', english: 'Autonomous County' },
  { suffix: '自治旗', english: 'Autonomous Banner' },
  { suffix: '特区', english: 'Special District' },
  { suffix: '林区', english: 'Forestry District' },
  { suffix: '区', english: 'District' },
  { suffix: '县', english: 'County' },
  { suffix: '市', english: 'City' },
  { suffix: '旗', english: 'Banner' },
];

/** The only forestry district; other names ending in 林区 (碑林区, 万柏林区) are ordinary districts. */
const FORESTRY_DISTRICTS: ReadonlySet<string> = new Set(['429021']);

const DIRECTLY_ADMINISTERED = '直辖';

/** Joins toneless syllables the pinyin way: one word, capitalised, apostrophe before a/o/e (Xi'an). */
export function joinSyllables(syllables: readonly string[]): string {
  const word = syllables.map((s, i) => (i > 0 && /^[aoe]/.test(s) ? `'${s}` : s)).join('');
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Toneless pinyin of the first `length` characters of `name`, read in the context of the whole name. */
export function placePinyin(name: string, length: number): string {
  const base = name.slice(0, length);
  const override = BASE_READINGS[base];
  if (override) return joinSyllables(override.split(' '));
  const syllables = pinyin(name, { toneType: 'none', type: 'array' }).slice(0, length);
  return joinSyllables(syllables.map((s, i) => CHAR_READINGS[base.charAt(i)] ?? s));
}

/** Strips trailing ethnic-group names (延边朝鲜族 → 延边), keeping the group when it is the whole name (东乡族 → 东乡). */
export function stripEthnicGroups(base: string, autonomous: boolean): string {
  let rest = base;
  for (;;) {
    const match = ETHNIC_GROUPS.map((g) =>
      rest.endsWith(`${g}族`) ? `${g}族` : autonomous && g.length > 1 && rest.endsWith(g) ? g : null,
    ).find((m): m is string => m !== null);
    if (!match) return rest;
    const shorter = rest.slice(0, -match.length);
    if (shorter.length === 0) return rest.endsWith('族') ? rest.slice(0, -1) : rest;
    rest = shorter;
  }
}

function unitTypeOf(code: string, name: string, prefecture: boolean): UnitType | undefined {
  const types = prefecture ? PREFECTURE_TYPES : COUNTY_TYPES;
  return types.find((t) => name.endsWith(t.suffix) && (t.suffix !== '林区' || FORESTRY_DISTRICTS.has(code)));
}

function derivedName(code: string, name: string, prefecture: boolean): string | null {
  const type = unitTypeOf(code, name, prefecture);
  const withoutType = type ? name.slice(0, -type.suffix.length) : name;
  const base = stripEthnicGroups(withoutType, type?.suffix.startsWith('自治') ?? false);
  if (base.length === 0 || !/^\p{Script=Han}+$/u.test(base)) return null;
  const word = placePinyin(name, base.length);
  return type?.english ? `${word} ${type.english}` : word;
}

/** A prefecture-level code ends in 00; county-level units the data puts at city level (429004 仙桃市) do not. */
function isPrefectureLevel(code: string, level: RegionLevel): boolean {
  return level === 'city' && code.endsWith('00');
}

/** The English name of a region, or null when none can be derived. */
export function englishName(region: { code: string; name: string; level: RegionLevel }): string | null {
  const { code, name, level } = region;
  if (level === 'country') return 'China';
  if (level === 'province') return PROVINCES[code] ?? null;
  const conventional = CONVENTIONAL[code];
  if (conventional) return conventional;
  if (name.endsWith(DIRECTLY_ADMINISTERED)) {
    // 海西蒙古族藏族自治州直辖: the area a prefecture administers itself, outside its counties.
    const prefecture = derivedName(code, name.slice(0, -DIRECTLY_ADMINISTERED.length), true);
    return prefecture && `${prefecture} (directly administered)`;
  }
  return derivedName(code, name, isPrefectureLevel(code, level));
}
