/**
 * Turns the four raw boundary levels into one list of regions, one row per code, resolving the
 * Amap quirks listed in ../shared/data/boundaries/SOURCE.md (data/regions/SOURCE.md records how each was resolved).
 */
export type RegionLevel = 'country' | 'province' | 'city' | 'county';

export const LEVELS: readonly RegionLevel[] = ['country', 'province', 'city', 'county'];

export interface SourceProperties {
  adcode: string;
  name: string;
  level: RegionLevel;
  parent_adcode: string | null;
}

/** Where a region's geometry comes from: a raw feature, or the union of other regions' geometries. */
export type GeometrySource = { kind: 'source'; level: RegionLevel } | { kind: 'merge'; children: string[] };

export interface ResolvedRegion {
  code: string;
  name: string;
  level: RegionLevel;
  parent: string | null;
  geometry: GeometrySource;
}

export interface DroppedRow {
  code: string;
  name: string;
  level: RegionLevel;
  reason: string;
}

export interface Resolution {
  regions: ResolvedRegion[];
  dropped: DroppedRow[];
}

const CHONGQING = '500000';
/** GB/T 2260 splits Chongqing's city level in two; the data has a single city-level row 500000. */
const CHONGQING_CITIES = [
  { code: '500100', name: '重庆城区', countyPrefix: '5001' },
  { code: '500200', name: '重庆郊县', countyPrefix: '5002' },
] as const;

function levelRank(level: RegionLevel): number {
  return LEVELS.indexOf(level);
}

function dropReason(row: SourceProperties, kept: ResolvedRegion): string {
  if (row.adcode === CHONGQING && row.level === 'city') return 'replaced by the GB/T 2260 city-level units 500100 and 500200';
  if (row.parent_adcode === row.adcode) return `repeats the ${kept.level}-level unit at ${row.level} level (parent is itself)`;
  return `repeats the ${kept.level}-level unit at ${row.level} level`;
}

/** Keeps the highest-level row of every code, in level order. */
function firstRowPerCode(rows: readonly SourceProperties[]): Resolution {
  const byCode = new Map<string, ResolvedRegion>();
  const dropped: DroppedRow[] = [];
  const ordered = [...rows].sort((a, b) => levelRank(a.level) - levelRank(b.level));
  for (const row of ordered) {
    const kept = byCode.get(row.adcode);
    if (kept) {
      dropped.push({ code: row.adcode, name: row.name, level: row.level, reason: dropReason(row, kept) });
      continue;
    }
    byCode.set(row.adcode, {
      code: row.adcode,
      name: row.name,
      level: row.level,
      parent: row.parent_adcode,
      geometry: { kind: 'source', level: row.level },
    });
  }
  return { regions: [...byCode.values()], dropped };
}

/** Splits Chongqing into its two city-level units and re-parents its counties onto them. */
function splitChongqing(regions: ResolvedRegion[]): ResolvedRegion[] {
  if (!regions.some((r) => r.code === CHONGQING && r.level === 'province')) return regions;
  const counties = regions.filter((r) => r.level === 'county' && r.parent === CHONGQING);
  if (counties.length === 0) return regions;
  const added: ResolvedRegion[] = [];
  for (const city of CHONGQING_CITIES) {
    const children = counties.filter((c) => c.code.startsWith(city.countyPrefix));
    if (children.length === 0) continue;
    for (const child of children) child.parent = city.code;
    added.push({
      code: city.code,
      name: city.name,
      level: 'city',
      parent: CHONGQING,
      geometry: { kind: 'merge', children: children.map((c) => c.code).sort() },
    });
  }
  const orphan = counties.find((c) => c.parent === CHONGQING);
  if (orphan) throw new Error(`Chongqing county ${orphan.code} fits neither 5001xx nor 5002xx`);
  return [...regions, ...added];
}

/** Every problem with the hierarchy: duplicate codes, missing parents, parents not at a higher level. */
export function hierarchyProblems(regions: readonly ResolvedRegion[]): string[] {
  const problems: string[] = [];
  const byCode = new Map<string, ResolvedRegion>();
  for (const r of regions) {
    if (byCode.has(r.code)) problems.push(`duplicate code ${r.code}`);
    byCode.set(r.code, r);
  }
  for (const r of regions) {
    if (r.level === 'country') {
      if (r.parent !== null) problems.push(`country ${r.code} has parent ${r.parent}`);
      continue;
    }
    const parent = r.parent === null ? undefined : byCode.get(r.parent);
    if (!parent) problems.push(`${r.level} ${r.code} has missing parent ${r.parent}`);
    else if (levelRank(parent.level) >= levelRank(r.level))
      problems.push(`${r.level} ${r.code} has parent ${parent.code} at ${parent.level} level`);
  }
  return problems;
}

/** One row per code, Chongqing split, sorted by code; throws when the result is not a tree. */
export function resolveHierarchy(rows: readonly SourceProperties[]): Resolution {
  const { regions, dropped } = firstRowPerCode(rows);
  const resolved = splitChongqing(regions).sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const problems = hierarchyProblems(resolved);
  if (problems.length > 0) throw new Error(`Region hierarchy is inconsistent:\n  ${problems.join('\n  ')}`);
  return { regions: resolved, dropped: dropped.sort((a, b) => a.code.localeCompare(b.code) || levelRank(a.level) - levelRank(b.level)) };
}

export function countByLevel(regions: readonly { level: RegionLevel }[]): Record<RegionLevel, number> {
  const counts: Record<RegionLevel, number> = { country: 0, province: 0, city: 0, county: 0 };
  for (const r of regions) counts[r.level]++;
  return counts;
}
