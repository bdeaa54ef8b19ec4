/**
 * Region auto-select (spec §4) and area-range limits (spec §6) for the province → city → county
 * picker. Pure: region data comes in through a lookup, so the rules hold for any data source.
 */
import { COUNTRY_CODE, codeWithin, isRegionCode, levelOfCode, type RegionLevel } from './codes';

export interface RegionSelection {
  province: string | null;
  city: string | null;
  county: string | null;
}

/** The picker's levels, top down. */
export const SELECTION_LEVELS = ['province', 'city', 'county'] as const;
export type SelectionLevel = (typeof SELECTION_LEVELS)[number];

export const EMPTY_SELECTION: RegionSelection = Object.freeze({ province: null, city: null, county: null });

/** What resolving needs to know of a region (a subset of the API's `Region`). */
export interface RegionLink {
  code: string;
  level: RegionLevel;
  parentRegionId: string | null;
}

/** Finds a region by code; null when there is none. */
export type RegionLookup = (code: string) => Promise<RegionLink | null>;

export type RegionResolveFailure = 'invalid-code' | 'unknown-code' | 'missing-parent' | 'parent-mismatch';

export class RegionResolveError extends Error {
  constructor(
    readonly reason: RegionResolveFailure,
    /** The code that was being resolved. */
    readonly code: string,
  ) {
    super(`Cannot resolve region ${code}: ${reason}`);
    this.name = 'RegionResolveError';
  }
}

const LEVEL_RANK: Record<RegionLevel, number> = { country: 0, province: 1, city: 2, county: 3 };

const belowCountry = (region: RegionLink) => region.parentRegionId === null || region.parentRegionId === COUNTRY_CODE;

/** The top of a chain: a province by its code, or anything the data hangs directly under the country. */
const isChainTop = (region: RegionLink) => levelOfCode(region.code) === 'province' || belowCountry(region);

/** A parent must contain its child by the code prefix and sit at a higher level (this also rules out cycles). */
const fitsUnder = (child: RegionLink, parent: RegionLink) =>
  codeWithin(child.code, parent.code) && LEVEL_RANK[parent.level] < LEVEL_RANK[child.level];

/** The region and its ancestors up to the province, top first. */
async function chainToProvince(region: RegionLink, lookup: RegionLookup): Promise<RegionLink[]> {
  const chain = [region];
  let current = region;
  while (!isChainTop(current)) {
    if (chain.length === SELECTION_LEVELS.length) throw new RegionResolveError('parent-mismatch', region.code);
    const parent = await lookup(current.parentRegionId as string);
    if (!parent) throw new RegionResolveError('missing-parent', region.code);
    if (!fitsUnder(current, parent)) throw new RegionResolveError('parent-mismatch', region.code);
    chain.push(parent);
    current = parent;
  }
  if (levelOfCode(current.code) !== 'province') throw new RegionResolveError('parent-mismatch', region.code);
  return chain.reverse();
}

/**
 * The selection that shows `code`: a province alone; a city under its verified province; a county
 * under its city and province. Slots follow the data's parent chain, so a unit whose parent is a
 * province (e.g. 429004 Xiantao, administered by Hubei directly) fills the city slot. The country
 * gives an empty selection. Throws `RegionResolveError` for an unknown code or a broken chain.
 */
export async function resolveSelection(code: string, lookup: RegionLookup): Promise<RegionSelection> {
  if (code === COUNTRY_CODE) return EMPTY_SELECTION;
  if (!isRegionCode(code)) throw new RegionResolveError('invalid-code', code);
  const region = await lookup(code);
  if (!region) throw new RegionResolveError('unknown-code', code);
  const [province, city, county] = await chainToProvince(region, lookup);
  return { province: province!.code, city: city?.code ?? null, county: county?.code ?? null };
}

/** The deepest selected code, or null when nothing is selected. */
export function selectedCode(selection: RegionSelection): string | null {
  return selection.county ?? selection.city ?? selection.province;
}

/** The selection after choosing (or clearing, with null) `code` at `level`: lower levels are cleared. */
export function applyLevelChange(selection: RegionSelection, level: SelectionLevel, code: string | null): RegionSelection {
  switch (level) {
    case 'province':
      return { province: code, city: null, county: null };
    case 'city':
      return { ...selection, city: code, county: null };
    case 'county':
      return { ...selection, county: code };
  }
}

export function sameSelection(a: RegionSelection, b: RegionSelection): boolean {
  return a.province === b.province && a.city === b.city && a.county === b.county;
}

/**
 * Whether an option is visible to a user limited to area `ranges` (spec §6): it lies within a range
 * or contains one (so the way down to a range stays open). `undefined` means no limit; an empty
 * array allows nothing.
 */
export function allowedByRanges(code: string, ranges: readonly string[] | undefined): boolean {
  if (ranges === undefined) return true;
  return ranges.some((range) => codeWithin(code, range) || codeWithin(range, code));
}

/**
 * The levels every range agrees on, top down, given the ranges' resolved selections (resolved,
 * because which slot a code fills depends on the data). A single city range locks province and city;
 * ranges in two provinces lock nothing; the country range locks nothing.
 */
export function lockedLevels(ranges: readonly RegionSelection[] | undefined): RegionSelection {
  const locked: RegionSelection = { ...EMPTY_SELECTION };
  const [first, ...rest] = ranges ?? [];
  if (!first) return locked;
  for (const level of SELECTION_LEVELS) {
    const code = first[level];
    if (code === null || rest.some((range) => range[level] !== code)) break;
    locked[level] = code;
  }
  return locked;
}

/**
 * `selection` made to respect the limits: when it leaves a locked level, the locked selection; then
 * cut at the first level whose code the ranges do not allow.
 */
export function restrictSelection(
  selection: RegionSelection,
  ranges: readonly string[] | undefined,
  locked: RegionSelection,
): RegionSelection {
  const keepsLocks = SELECTION_LEVELS.every((level) => locked[level] === null || locked[level] === selection[level]);
  const base = keepsLocks ? selection : locked;
  const restricted: RegionSelection = { ...EMPTY_SELECTION };
  for (const level of SELECTION_LEVELS) {
    const code = base[level];
    if (code === null || !allowedByRanges(code, ranges)) break;
    restricted[level] = code;
  }
  return restricted;
}
