import 'server-only';
/**
 * CQL_FILTER for the built-in map services: our own grammar over a per-layer attribute whitelist,
 * compiled to parameterised PostgreSQL. See README.md for the grammar.
 */
export { CqlError } from './error';
export { parseCql, DEFAULT_CQL_LIMITS } from './parse';
export type { CqlAttributeRef, CqlComparison, CqlLimits, CqlLiteral, CqlNode } from './parse';
export { cqlToSql, compileCql } from './to-sql';
export type { CqlAttribute, CqlSql, CqlValueType, CqlWhitelist } from './to-sql';
