import 'server-only';
/**
 * Builds the one parameterised query a map request runs: the layer's rows inside a box, filtered by
 * CQL (parsed by our grammar over the layer's whitelist) and by the layer's access rule for the caller
 * (permission, then area ranges). No client text ever becomes SQL.
 */
import type { Queryable, SqlParam } from '../db/types';
import type { Session } from '../session';
import { rangePrefixesOf } from '../../shared/regions/codes';
import type { Bbox } from './crs';
import { CqlError, compileCql } from './cql';
import { allLayers, cqlWhitelist, type LayerAccess, type MapLayer } from './layers';
import { OwsError } from './ows';

/** What a signed-in caller holds, as the map services need it. */
export interface MapCaller {
  permissions: readonly string[];
  /** Region-code prefixes of the caller's area ranges: null for the whole country, [] for none. */
  ranges: readonly string[] | null;
  /**
   * Region-code prefixes per scope (`scoped` layers, by scope name), resolved for the request's layers by
   * `resolveCaller`: null for no limit, [] for none. A scoped layer whose scope was not resolved is an error.
   */
  scopes?: ReadonlyMap<string, readonly string[] | null>;
}

export interface FeatureFilter {
  /** Longitude/latitude box the geometry must touch. */
  bbox?: Bbox | null;
  /** true: the geometry itself must intersect the box (WFS BBOX); false: its bounding box suffices (drawing). */
  bboxExact?: boolean;
  cql?: string | null;
  /** The request's parameters (upper-case names), for a layer's vendor filter. */
  vendor?: ReadonlyMap<string, string> | null;
  /** The caller (null: anonymous); restricted layers give only what the caller may see. */
  caller: MapCaller | null;
}

export function mapCaller(session: Session | null): MapCaller | null {
  return session ? { permissions: session.permissions, ranges: rangePrefixesOf(session.regionIds) } : null;
}

/** A region-code prefix as a scope may give it: digits only, so it cannot widen the LIKE pattern it becomes. */
const PREFIX = /^\d{0,6}$/;

/**
 * The caller of a request over `layers`: the session's permissions and area ranges, and the prefixes of
 * every scope those layers name (one resolver call per scope; none for an anonymous caller, who sees
 * nothing of a scoped layer).
 */
export async function resolveCaller(session: Session | null, db: Queryable, layers: readonly MapLayer[]): Promise<MapCaller | null> {
  const caller = mapCaller(session);
  if (!session || !caller) return null;
  const scopes = new Map<string, readonly string[] | null>();
  for (const { access } of layers) {
    if (access.kind !== 'scoped' || scopes.has(access.scope.name)) continue;
    const prefixes = await access.scope.prefixes(session, db);
    if (prefixes?.some((p) => !PREFIX.test(p)))
      throw new Error(`Scope ${access.scope.name} gave a prefix that is not a region-code prefix`);
    scopes.set(access.scope.name, prefixes);
  }
  return { ...caller, scopes };
}

/** The prefixes a scoped layer allows the caller (null: every row; [] none). */
function scopePrefixes(access: Extract<LayerAccess, { kind: 'scoped' }>, caller: MapCaller): readonly string[] | null {
  const prefixes = caller.scopes?.get(access.scope.name);
  if (prefixes === undefined) throw new Error(`Scope ${access.scope.name} was not resolved for this request`);
  return prefixes;
}

/**
 * Whether a caller may see any row of a layer: public layers everyone; restricted ones only a caller
 * holding the permission and, for a layer bounded by region, at least one area range. Capabilities
 * documents list only these layers, so an anonymous client never learns a restricted layer's name.
 */
export function mayRead(access: LayerAccess, caller: MapCaller | null): boolean {
  if (access.kind === 'public') return true;
  if (!caller) return false;
  if (access.kind === 'scoped') {
    const prefixes = scopePrefixes(access, caller);
    return prefixes === null || prefixes.length > 0;
  }
  if (!caller.permissions.includes(access.permission)) return false;
  return access.regionCode === null || caller.ranges === null || caller.ranges.length > 0;
}

/** The layers a caller may read, in registry order (what capabilities documents list). */
export async function readableLayers(session: Session | null, db: Queryable): Promise<MapLayer[]> {
  const layers = allLayers();
  const caller = await resolveCaller(session, db, layers);
  return layers.filter((layer) => mayRead(layer.access, caller));
}

/**
 * The access rule of a layer as SQL (null: no condition). Without the permission, or with a permission
 * but no area range (for a scoped layer: without any prefix of its scope), the rule is FALSE: every service then answers "nothing" (an empty image, collection
 * or feature info), as it does for an anonymous caller.
 */
export function accessClause(access: LayerAccess, caller: MapCaller | null, params: SqlParam[]): string | null {
  if (access.kind === 'public') return null;
  if (!caller || !mayRead(access, caller)) return 'FALSE';
  const prefixes = access.kind === 'scoped' ? scopePrefixes(access, caller) : caller.ranges;
  if (access.regionCode === null || prefixes === null) return null;
  params.push(prefixes.map((prefix) => `${prefix}%`));
  return `${access.regionCode} LIKE ANY ($${params.length}::text[])`;
}

export function buildWhere(layer: MapLayer, geometry: string, filter: FeatureFilter, params: SqlParam[]): string {
  const clauses: string[] = [];
  if (layer.where) clauses.push(`(${layer.where})`);
  if (filter.bbox) {
    const [w, s, e, n] = filter.bbox;
    params.push(w, s, e, n);
    const i = params.length;
    const envelope = `ST_MakeEnvelope($${i - 3}, $${i - 2}, $${i - 1}, $${i}, 4326)`;
    clauses.push(filter.bboxExact ? `ST_Intersects(${geometry}, ${envelope})` : `${layer.boundsColumn ?? geometry} && ${envelope}`);
  }
  if (filter.cql && filter.cql.trim()) {
    try {
      const compiled = compileCql(filter.cql, cqlWhitelist(layer), params.length + 1);
      params.push(...compiled.params);
      clauses.push(compiled.sql);
    } catch (error) {
      if (error instanceof CqlError) throw new OwsError('InvalidParameterValue', `CQL_FILTER: ${error.message}`, 'CQL_FILTER');
      throw error;
    }
  }
  const vendorValue = layer.vendorFilter ? filter.vendor?.get(layer.vendorFilter.param) : undefined;
  if (layer.vendorFilter && vendorValue !== undefined && vendorValue.trim() !== '') {
    const compiled = layer.vendorFilter.sql(vendorValue, params);
    if ('error' in compiled)
      throw new OwsError('InvalidParameterValue', `${layer.vendorFilter.param}: ${compiled.error}`, layer.vendorFilter.param);
    clauses.push(`(${compiled.sql})`);
  }
  const access = accessClause(layer.access, filter.caller, params);
  if (access) clauses.push(access);
  return clauses.length ? clauses.join(' AND ') : 'TRUE';
}

/** Splits GeoServer's per-layer CQL_FILTER list ("a=1;b=2") respecting quoted semicolons. */
export function splitCqlList(text: string | undefined, count: number): (string | null)[] {
  if (!text) return Array.from({ length: count }, () => null);
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of text) {
    if (ch === "'") quoted = !quoted;
    if (ch === ';' && !quoted) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  if (parts.length !== 1 && parts.length !== count) {
    throw new OwsError('InvalidParameterValue', `CQL_FILTER has ${parts.length} filters for ${count} layers`, 'CQL_FILTER');
  }
  return Array.from({ length: count }, (_, i) => (parts.length === 1 ? parts[0]! : parts[i]!).trim() || null);
}
