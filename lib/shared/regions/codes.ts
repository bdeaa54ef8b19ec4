/**
 * Administrative region codes (GB/T 2260, spec §3 and §9). Codes are six digits: …0000 a province,
 * …00 a city, anything else a county. The whole country is 100000; in the world layer China is
 * 156000000 (ISO 3166-1 numeric × 1,000,000).
 */
export const COUNTRY_CODE = '100000';
export const CHINA_GLOBAL_CODE = '156000000';
/** The world: parent of every country in the global region layer. */
export const WORLD_GLOBAL_CODE = '0';
/** Sample default region of the original portal (Tangshan, Hebei). */
export const SAMPLE_DEFAULT_REGION = '130300';
/** Cartographic special constant, also a default region code (Inner Mongolia). */
export const CARTOGRAPHIC_SPECIAL_CODE = '150000';
/** Default map centre, [longitude, latitude]. */
export const DEFAULT_MAP_CENTER: readonly [number, number] = [104.29, 36.01];

/**
 * Cities listed specially by the spec (§9): prefecture-level cities without county-level divisions
 * (Dongguan, Zhongshan, Danzhou, Jiayuguan) and Sansha. Selecting one selects a leaf: there is no
 * county list to choose from.
 */
export const CITIES_WITHOUT_COUNTIES: ReadonlySet<string> = new Set(['441900', '442000', '460400', '460300', '620200']);

export type RegionLevel = 'country' | 'province' | 'city' | 'county';

export const REGION_CODE_PATTERN = /^[1-9]\d{5}$/;

export function isRegionCode(value: string): boolean {
  return REGION_CODE_PATTERN.test(value);
}

/** The level a code denotes by the spec's rule (the data may place a unit elsewhere; see `level` of a region). */
export function levelOfCode(code: string): RegionLevel {
  if (code === COUNTRY_CODE) return 'country';
  if (code.endsWith('0000')) return 'province';
  if (code.endsWith('00')) return 'city';
  return 'county';
}

/** The province a code belongs to by its digits. */
export function provinceOfCode(code: string): string {
  return code === COUNTRY_CODE ? COUNTRY_CODE : `${code.slice(0, 2)}0000`;
}

/** The city a code belongs to by its digits (a province code has none). */
export function cityOfCode(code: string): string | null {
  const level = levelOfCode(code);
  if (level === 'country' || level === 'province') return null;
  return `${code.slice(0, 4)}00`;
}

/**
 * The prefix that every code inside `code` starts with: '' for the country, two digits for a
 * province, four for a city, six for a county (spec §6: users are limited by region code prefix).
 */
export function regionPrefix(code: string): string {
  switch (levelOfCode(code)) {
    case 'country':
      return '';
    case 'province':
      return code.slice(0, 2);
    case 'city':
      return code.slice(0, 4);
    default:
      return code;
  }
}

/** Whether `inner` lies inside `outer` by the prefix rule (a code contains itself). */
export function codeWithin(inner: string, outer: string): boolean {
  return inner.startsWith(regionPrefix(outer));
}

/**
 * The one area-range rule (spec §6): the code prefixes a user with these area ranges may see. null
 * means no limit (a range is the whole country); an empty list means nothing, never everything. The
 * API answers a user without ranges with 403 'noAreaRange'; the map services draw and list nothing.
 */
export function rangePrefixesOf(regionIds: readonly string[]): readonly string[] | null {
  if (regionIds.includes(COUNTRY_CODE)) return null;
  return [...new Set(regionIds.map(regionPrefix))];
}

/** Level of the regions a statistics view of a region shows: its children (null for a county). */
export function childLevelOf(region: string): 'province' | 'city' | 'county' | null {
  if (region === COUNTRY_CODE) return 'province';
  if (region.endsWith('0000')) return 'city';
  if (region.endsWith('00')) return 'county';
  return null;
}
