/**
 * Builds the one parameterised query a map request runs: the layer's rows inside a box, filtered by
 * CQL (parsed by our grammar over the layer's whitelist) and, for signed-in callers on restricted
 * layers, by their area ranges. No client text ever becomes SQL.
 */
import type { SqlParam } from '../db/types';
import type { Session } from '../auth/session';
import { COUNTRY_CODE, regionPrefix } from '../../shared/regions/codes';
import type { Bbox } from './crs';
import { CqlError, compileCql } from './cql';
import { cqlWhitelist, type MapLayer } from './layers';
import { OwsError } from './ows';

export interface FeatureFilter {
  /** Longitude/latitude box the geometry must touch. */
  bbox?: Bbox | null;
  /** true: the geometry itself must intersect the box (WFS BBOX); false: its bounding box suffices (drawing). */
  bboxExact?: boolean;
  cql?: string | null;
  /** Region-code prefixes the caller may see; null means everything. */
  prefixes?: readonly string[] | null;
  /** Whether the caller is signed in; login-only layers give nothing otherwise. */
  signedIn?: boolean;
}

/** The area-range prefixes a session is limited to on restricted layers (null: no limit). */
export function sessionPrefixes(session: Session | null): string[] | null {
  if (!session) return null;
  if (session.regionIds.includes(COUNTRY_CODE)) return null;
  return session.regionIds.map(regionPrefix);
}

export function buildWhere(layer: MapLayer, geometry: string, filter: FeatureFilter, params: SqlParam[]): string {
  const clauses: string[] = [];
  if (layer.where) clauses.push(`(${layer.where})`);
  if (filter.bbox) {
    const [w, s, e, n] = filter.bbox;
    params.push(w, s, e, n);
    const i = params.length;
    const envelope = `ST_MakeEnvelope($${i - 3}, $${i - 2}, $${i - 1}, $${i}, 4326)`;
    clauses.push(filter.bboxExact ? `ST_Intersects(${geometry}, ${envelope})` : `${geometry} && ${envelope}`);
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
  if (layer.loginOnly && !filter.signedIn) clauses.push('FALSE');
  if (layer.restrictByRegion && filter.prefixes) {
    if (filter.prefixes.length === 0) clauses.push('FALSE');
    else {
      params.push(filter.prefixes.map((p) => `${p}%`));
      clauses.push(`${layer.restrictByRegion} LIKE ANY ($${params.length}::text[])`);
    }
  }
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
