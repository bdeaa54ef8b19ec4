/**
 * CQL2 (OGC 21-065) for the STAC API's `filter`: text and JSON encodings parsed into one typed tree
 * over the queryables. Pure and isomorphic; lib/server/stac compiles the tree to parameterised SQL.
 */
export { CQL2_LIMITS } from './ast';
export type { Cql2Comparison, Cql2Expr, Cql2Limits, Cql2Spatial, Cql2Temporal, Cql2Value } from './ast';
export { Cql2Error, echo } from './errors';
export type { Cql2ErrorKey } from './errors';
export { geometryBbox, MAX_GEOMETRY_VERTICES, parseGeoJsonGeometry } from './geometry';
export type { GeoJsonGeometry, Position } from './geometry';
export { parseCql2Json, parseCql2JsonText } from './json';
export { findQueryable, QUERYABLE_NAMES, QUERYABLES, SORTABLE_NAMES } from './queryables';
export type { Queryable, QueryableType } from './queryables';
export { parseCql2Text } from './text';
export { parseDatetimeParameter, parseInstant } from './time';
export type { TimeSpan } from './time';
