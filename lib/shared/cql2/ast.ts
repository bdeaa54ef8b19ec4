/**
 * The one typed tree both CQL2 encodings (text and JSON) parse into. Properties are already resolved
 * against the queryables and literals already checked against the property's type, so a compiler only
 * maps the tree to its columns.
 */
import type { GeoJsonGeometry } from './geometry';
import type { Queryable } from './queryables';
import type { TimeSpan } from './time';

export type Cql2Comparison = '=' | '<>' | '<' | '<=' | '>' | '>=';
export type Cql2Spatial = 's_intersects' | 's_disjoint' | 's_within' | 's_contains';
export type Cql2Temporal = 't_intersects' | 't_before' | 't_after' | 't_during';

/** A value as the property's type needs it: text, number, or a time span (an instant, a day, an interval). */
export type Cql2Value = { kind: 'string'; value: string } | { kind: 'number'; value: number } | { kind: 'time'; value: TimeSpan };

export type Cql2Expr =
  | { op: 'and' | 'or'; args: Cql2Expr[] }
  | { op: 'not'; arg: Cql2Expr }
  | { op: 'bool'; value: boolean }
  | { op: 'compare'; cmp: Cql2Comparison; property: Queryable; value: Cql2Value }
  | { op: 'between'; property: Queryable; low: Cql2Value; high: Cql2Value }
  | { op: 'in'; property: Queryable; values: Cql2Value[] }
  /** `%` any run, `_` one character, `\` escapes the next (CQL2). */
  | { op: 'like'; property: Queryable; pattern: string }
  | { op: 'isNull'; property: Queryable }
  | { op: 'spatial'; fn: Cql2Spatial; property: Queryable; geometry: GeoJsonGeometry }
  | { op: 'temporal'; fn: Cql2Temporal; property: Queryable; span: TimeSpan };

export interface Cql2Limits {
  /** Characters of a text filter (or of a JSON filter's text in a URL). */
  maxLength: number;
  /** Nesting of AND/OR/NOT and parentheses. */
  maxDepth: number;
  /** Nodes of the tree (predicates, connectives, list items). */
  maxNodes: number;
  /** Items of one IN list. */
  maxList: number;
}

export const CQL2_LIMITS: Readonly<Cql2Limits> = Object.freeze({ maxLength: 100_000, maxDepth: 20, maxNodes: 500, maxList: 200 });
