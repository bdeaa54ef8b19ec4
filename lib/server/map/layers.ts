import 'server-only';
/**
 * The layer registry of the built-in map services, in GeoServer's naming (workspace `cloudPlatform`).
 * The core knows no layer: each domain declares its layers (rows, attributes, styles, access) in its own
 * `map-layers.ts`, and lib/server/composition/map-layers.ts registers them all (docs/adr/0006-map-layer-registry.md).
 */
import type { RegionLod } from '../../shared/contracts/regions';
import type { PermissionCode } from '../../shared/permissions';
import type { Queryable, SqlParam } from '../db/types';
import type { Session } from '../session';
import type { CqlValueType, CqlWhitelist } from './cql';
import type { CoverageStyle, PaintStyle } from './render';

export const WORKSPACE = 'cloudPlatform';

/**
 * How a layer's features look (drawing helpers in ./styles): each feature painted (`reads` + `paint`),
 * or, for a density layer, the features counted per cell of a grid fixed per zoom and the cells shaded
 * by count (`coverage`, ./coverage.ts) — what a density must do, since drawing stops at MAX_DRAWN_FEATURES.
 */
export type LayerStyle = FeatureStyle | DensityStyle;

export interface FeatureStyle extends StyleBase {
  /** Attributes (by name) the style reads from each row. */
  reads: readonly string[];
  /** Paint for one feature at a resolution (degrees of longitude per pixel); null hides it. */
  paint: (row: Readonly<Record<string, unknown>>, degreesPerPixel: number) => PaintStyle | null;
  coverage?: undefined;
}

export interface DensityStyle extends StyleBase {
  /** Each cell shaded as its count of features drawn over each other in this colour and opacity. */
  coverage: CoverageStyle;
}

interface StyleBase {
  /** Extra row filter for the resolution, as an allow-list of the `level` attribute (cheaper than drawing hidden rows). */
  levels?: (degreesPerPixel: number) => readonly string[] | null;
  /** A base map: WMTS draws it on this background, over the named layers' styles of the same name. */
  baseMap?: { background: string; beneath: readonly string[] };
}

export interface LayerAttribute {
  name: string;
  /** Trusted SQL expression over the layer's `from`. */
  sql: string;
  type: CqlValueType;
  /** XML schema type for DescribeFeatureType. */
  xsd: 'string' | 'int' | 'double' | 'date' | 'dateTime';
}

/** `Geometry`: a layer mixing kinds (a theme's points and polygons). */
export type GeometryKind = 'MultiPolygon' | 'MultiLineString' | 'Point' | 'MultiPoint' | 'Geometry';

/**
 * Who may see a layer's rows. `public`: everyone, signed in or not. `restricted`: only a signed-in caller
 * holding `permission`, and, when `regionCode` is given (a trusted SQL expression giving each row's
 * region code), only rows within the caller's area ranges: no range means no rows, the whole country
 * means every row. `scoped`: only a signed-in caller, and only rows whose region code starts with one of the
 * prefixes the layer's `scope` gives that caller. Every service enforces this in the layer's SQL and answers
 * "nothing" alike.
 */
export type LayerAccess =
  | { kind: 'public' }
  | { kind: 'restricted'; permission: PermissionCode; regionCode: string | null }
  | { kind: 'scoped'; scope: RegionScope; regionCode: string };

/**
 * Region prefixes a signed-in caller may see that the layer's own domain decides (e.g. a user's
 * verification roles, held in its own table): `scoped` access limits the rows to `regionCode`s starting
 * with one of them. The core calls `prefixes` once per request for a signed-in caller of a layer that
 * names the scope (anonymous callers see nothing, unasked). Answers as `rangePrefixesOf`: null for no
 * limit, [] for nothing (then the layer is left out of capabilities too).
 */
export interface RegionScope {
  /** Unique among scopes: the key of the resolved prefixes within one request. */
  name: string;
  prefixes: (session: Session, db: Queryable) => Promise<readonly string[] | null>;
}

/**
 * A layer-specific request parameter (a GeoServer-style vendor parameter) that narrows the rows: the
 * layer turns its value into parameterised SQL over its own `from`, or says why the value is unusable
 * (answered as an OGC InvalidParameterValue). Used where a filter is richer than CQL (e.g. the scene
 * catalogue's search, area included, so the map draws exactly what the search finds).
 */
export interface VendorFilter {
  /** Parameter name, upper case (OGC parameter names are case-insensitive). */
  param: string;
  sql: (value: string, params: SqlParam[]) => { sql: string } | { error: string };
}

export interface MapLayer {
  name: string;
  title: { zh: string; en: string };
  abstract: { zh: string; en: string };
  /** FROM clause (a table with alias, or a join). */
  from: string;
  /** Extra condition every request applies (e.g. only live rows). */
  where?: string;
  /** Feature id expression (text). */
  id: string;
  /** Geometry column (EPSG:4326) for a level of detail. */
  geometry: (lod: RegionLod) => string;
  /**
   * The spatially indexed column `geometry` wraps, when its bounding box is the geometry's (e.g.
   * `s.footprint` under `ST_Multi(s.footprint)`): bounding-box filters and coverage counts read it, so
   * the index serves them and no geometry is rebuilt for a box.
   */
  boundsColumn?: string;
  geometryKind: GeometryKind;
  /** The attributes clients see and may filter on (the CQL whitelist). */
  attributes: readonly LayerAttribute[];
  /** Drawing order for GetMap (later rows on top). */
  drawOrder: string;
  access: LayerAccess;
  /** Styles by name; the first is the default. */
  styles: Readonly<Record<string, LayerStyle>>;
  vendorFilter?: VendorFilter;
  /** Extent for capabilities: [west, south, east, north]. */
  extent: readonly [number, number, number, number];
}

const layers = new Map<string, MapLayer>();

/** Adds layers (a later layer of the same name replaces an earlier one). */
export function registerLayers(list: readonly MapLayer[]): void {
  for (const layer of list) {
    if (Object.keys(layer.styles).length === 0) throw new Error(`Map layer ${layer.name} has no style`);
    layers.set(layer.name, layer);
  }
}

export function allLayers(): MapLayer[] {
  return [...layers.values()];
}

/** Accepts `name` or `cloudPlatform:name` (GeoServer clients send either). */
export function findLayer(qualified: string): MapLayer | undefined {
  const [workspace, name] = qualified.includes(':') ? qualified.split(':', 2) : [WORKSPACE, qualified];
  return workspace === WORKSPACE && name ? layers.get(name) : undefined;
}

export function qualifiedName(layer: MapLayer): string {
  return `${WORKSPACE}:${layer.name}`;
}

export function cqlWhitelist(layer: MapLayer): CqlWhitelist {
  return Object.fromEntries(layer.attributes.map((a) => [a.name, { column: a.sql, type: a.type }]));
}
