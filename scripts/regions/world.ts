/**
 * The world layer: one feature per country of world-atlas (Natural Earth 1:50m), coded ISO 3166-1
 * numeric × 1,000,000 so that country codes never collide with China's six-digit region codes.
 */
import { feature, mergeArcs } from 'topojson-client';
import type { GeometryCollection, MultiPolygon as TopoMultiPolygon, Polygon as TopoPolygon, Topology } from 'topojson-specification';
import { cutAtAntimeridian } from './antimeridian';
import { cleanMultiPolygon, type MultiPolygon, type Ring } from './geometry';

export const WORLD_CODE = '0';
const CHINA_NUMERIC = '156';
/** Taiwan is shown as part of China, so its world-atlas feature is merged into China's. */
const MERGED_INTO: Readonly<Record<string, string>> = { '158': CHINA_NUMERIC };
/** First code (× 1,000,000) of the ISO user-assigned range used for features without an ISO numeric id. */
const FIRST_UNASSIGNED = 900;
const LAST_UNASSIGNED = 999;
const DECIMALS = 4;

/** Natural Earth names that are out of date or abbreviated and have no ISO entry to fall back on. */
const NAME_FIXES: Readonly<Record<string, string>> = {
  Macedonia: 'North Macedonia',
  eSwatini: 'Eswatini',
  'Indian Ocean Ter.': 'Indian Ocean Territories',
  'N. Cyprus': 'Northern Cyprus',
};

export interface CountryNames {
  alpha3(numeric: string): string | undefined;
  english(numeric: string): string | undefined;
  chinese(numeric: string): string | undefined;
}

export interface CountryProperties {
  code: string;
  isoA3: string | null;
  nameEn: string;
  nameZh: string;
  parent: string;
}

export interface CountryFeature {
  type: 'Feature';
  properties: CountryProperties;
  geometry: MultiPolygon;
}

export interface WorldLayer {
  features: CountryFeature[];
  /** Features that had no ISO numeric id, with the code they were given. */
  unassigned: { code: string; name: string }[];
  /** world-atlas features folded into another one with the same (or a mapped) id. */
  merged: { name: string; into: string }[];
}

type CountryGeometry = (TopoPolygon | TopoMultiPolygon) & { id?: string | number; properties?: { name?: string } };

function isAbbreviated(name: string): boolean {
  return name.includes('.') || name.startsWith('St-');
}

/** Natural Earth's short name unless abbreviated or outdated; then the ISO English name. */
export function englishCountryName(naturalEarthName: string, isoName: string | undefined): string {
  const fixed = NAME_FIXES[naturalEarthName];
  if (fixed) return fixed;
  return isAbbreviated(naturalEarthName) && isoName ? isoName : naturalEarthName;
}

export function countryCode(numeric: string | number): string {
  return String(Number(numeric) * 1_000_000);
}

function planarCoordinates(topology: Topology, geometry: TopoPolygon | TopoMultiPolygon): Ring[][] {
  const g = (feature(topology, geometry) as GeoJSON.Feature).geometry;
  const polygons = (g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : []) as Ring[][];
  return polygons.flatMap((polygon) => cutAtAntimeridian(polygon));
}

/** Groups world-atlas geometries by the country they belong to: ISO id (after MERGED_INTO) or, lacking one, name. */
function groupByCountry(geometries: readonly CountryGeometry[]): Map<string, CountryGeometry[]> {
  const groups = new Map<string, CountryGeometry[]>();
  for (const g of geometries) {
    const id = g.id === undefined ? undefined : String(g.id).padStart(3, '0');
    const key = id ? (MERGED_INTO[id] ?? id) : `name:${g.properties?.name ?? ''}`;
    groups.set(key, [...(groups.get(key) ?? []), g]);
  }
  return groups;
}

/** Builds the world layer from world-atlas's `countries` object, sorted by code. */
export function buildWorldLayer(topology: Topology, names: CountryNames): WorldLayer {
  const collection = topology.objects.countries as GeometryCollection;
  const groups = groupByCountry(collection.geometries as CountryGeometry[]);
  const unnamedKeys = [...groups.keys()].filter((k) => k.startsWith('name:')).sort();
  if (FIRST_UNASSIGNED + unnamedKeys.length - 1 > LAST_UNASSIGNED) throw new Error('Too many features without an ISO numeric id');

  const features: CountryFeature[] = [];
  const unassigned: WorldLayer['unassigned'] = [];
  const merged: WorldLayer['merged'] = [];
  for (const [key, members] of groups) {
    const primary = members.find((m) => String(m.id ?? '').padStart(3, '0') === key) ?? members[0]!;
    const naturalEarthName = primary.properties?.name ?? key;
    const numeric = key.startsWith('name:') ? null : key;
    const code = numeric ? countryCode(numeric) : countryCode(FIRST_UNASSIGNED + unnamedKeys.indexOf(key));
    for (const m of members) if (m !== primary) merged.push({ name: m.properties?.name ?? '', into: naturalEarthName });
    if (!numeric) unassigned.push({ code, name: naturalEarthName });

    const geometry = members.length === 1 ? primary : mergeArcs(topology, members);
    const cleaned = cleanMultiPolygon(planarCoordinates(topology, geometry), DECIMALS).geometry;
    if (!cleaned) throw new Error(`Country ${naturalEarthName} has no usable geometry`);
    const nameEn = englishCountryName(naturalEarthName, numeric ? names.english(numeric) : undefined);
    features.push({
      type: 'Feature',
      properties: {
        code,
        isoA3: (numeric && names.alpha3(numeric)) || null,
        nameEn,
        nameZh: (numeric && names.chinese(numeric)) || nameEn,
        parent: WORLD_CODE,
      },
      geometry: cleaned,
    });
  }
  const byCode = (a: { code: string }, b: { code: string }) => Number(a.code) - Number(b.code);
  return { features: features.sort((a, b) => byCode(a.properties, b.properties)), unassigned: unassigned.sort(byCode), merged };
}
