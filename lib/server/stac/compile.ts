import 'server-only';
/**
 * A CQL2 tree (lib/shared/cql2) → a SQL condition on the scenes table (alias `s`) for the shared query
 * builder. Every value travels as a typed parameter ($n::text, ::real, ::timestamptz, …); the SQL text
 * is made only of the column expressions below, keywords and placeholders.
 */
import type { Cql2Comparison, Cql2Expr, Cql2Value, Queryable, TimeSpan } from '../../shared/cql2';
import { guardGeometries, requestGeometrySql } from '../areas';
import type { SqlParam } from '../db/types';
import { badRequest } from './errors';

/** The query builder's `cql2` condition: SQL text on alias `s`, pushing its parameters. */
export type StacSqlCondition = (params: SqlParam[]) => string;

interface Column {
  sql: string;
  /** Cast of a parameter compared with the column (`real` columns compare with real values exactly). */
  cast: 'text' | 'real' | 'double precision' | 'timestamptz' | 'geometry';
}

/** Queryable → column of `scenes`. */
export const COLUMNS: Readonly<Record<string, Column>> = {
  id: { sql: 's.id', cast: 'text' },
  collection: { sql: 's.collection', cast: 'text' },
  datetime: { sql: 's.acquired_at', cast: 'timestamptz' },
  geometry: { sql: 's.footprint', cast: 'geometry' },
  platform: { sql: 's.platform', cast: 'text' },
  instruments: { sql: 'lower(s.sensor)', cast: 'text' },
  gsd: { sql: 's.resolution_m', cast: 'real' },
  'eo:cloud_cover': { sql: 's.cloud_pct', cast: 'real' },
  'view:off_nadir': { sql: 's.off_nadir', cast: 'real' },
  'view:sun_elevation': { sql: 's.sun_elevation', cast: 'real' },
  'view:sun_azimuth': { sql: 's.sun_azimuth', cast: 'real' },
  'sat:absolute_orbit': { sql: 's.orbit_number', cast: 'double precision' },
};

function columnOf(q: Queryable): Column {
  const c = COLUMNS[q.name];
  // The parser only lets queryables through; a queryable without a column is a programming error.
  if (!c) throw new Error(`queryable without a column: ${q.name}`);
  return c;
}

class Sql {
  constructor(private readonly params: SqlParam[]) {}
  /** A request geometry, through the areas module's guard (a 400 beyond its budget, before any SQL runs). */
  geometry(value: unknown): string {
    return requestGeometrySql(value, this.params);
  }
  param(value: SqlParam, cast: string): string {
    this.params.push(value);
    return `$${this.params.length}::${cast}`;
  }
  value(v: Cql2Value, c: Column, q: Queryable): string {
    if (v.kind === 'string') return this.param(q.type === 'stringArray' ? v.value.toLowerCase() : v.value, 'text');
    if (v.kind === 'number') return this.param(v.value, c.cast);
    // Time values reach here only through compareTime/between.
    return this.param(v.value.start, 'timestamptz');
  }
}

/** `column op span` for a time span: an instant compares as itself, a day as the whole day. */
function compareTime(sql: Sql, col: string, cmp: Cql2Comparison, span: TimeSpan): string {
  const upper = span.endExclusive ? '<' : '<=';
  const start = () => sql.param(span.start, 'timestamptz');
  const end = () => sql.param(span.end, 'timestamptz');
  switch (cmp) {
    case '=':
      return `(${col} >= ${start()} AND ${col} ${upper} ${end()})`;
    case '<>':
      return `(${col} < ${start()} OR ${col} ${span.endExclusive ? '>=' : '>'} ${end()})`;
    case '<':
      return `${col} < ${start()}`;
    case '<=':
      return `${col} ${upper} ${end()}`;
    case '>':
      return `${col} ${span.endExclusive ? '>=' : '>'} ${end()}`;
    case '>=':
      return `${col} >= ${start()}`;
  }
}

function spanCondition(sql: Sql, col: string, span: TimeSpan): string {
  const parts: string[] = [];
  if (span.start) parts.push(`${col} >= ${sql.param(span.start, 'timestamptz')}`);
  if (span.end) parts.push(`${col} ${span.endExclusive ? '<' : '<='} ${sql.param(span.end, 'timestamptz')}`);
  return parts.length ? `(${parts.join(' AND ')})` : 'TRUE';
}

function geometryParam(sql: Sql, geometry: unknown): string {
  return sql.geometry(geometry);
}

function emit(sql: Sql, e: Cql2Expr): string {
  switch (e.op) {
    case 'and':
    case 'or':
      return `(${e.args.map((a) => emit(sql, a)).join(e.op === 'and' ? ' AND ' : ' OR ')})`;
    case 'not':
      // NOT of an unknown (a null column) stays unknown: the item does not match either way, as in CQL2.
      return `(NOT ${emit(sql, e.arg)})`;
    case 'bool':
      return e.value ? 'TRUE' : 'FALSE';
    case 'compare': {
      const c = columnOf(e.property);
      if (e.value.kind === 'time') return compareTime(sql, c.sql, e.cmp, e.value.value);
      return `${c.sql} ${e.cmp} ${sql.value(e.value, c, e.property)}`;
    }
    case 'between': {
      const c = columnOf(e.property);
      if (e.low.kind === 'time' && e.high.kind === 'time') {
        return spanCondition(sql, c.sql, { start: e.low.value.start, end: e.high.value.end, endExclusive: e.high.value.endExclusive });
      }
      return `(${c.sql} BETWEEN ${sql.value(e.low, c, e.property)} AND ${sql.value(e.high, c, e.property)})`;
    }
    case 'in': {
      const c = columnOf(e.property);
      if (e.values.every((v) => v.kind === 'string')) {
        const values = e.values.map((v) => (e.property.type === 'stringArray' ? v.value.toLowerCase() : v.value));
        return `${c.sql} = ANY(${sql.param(values, 'text[]')})`;
      }
      if (e.values.every((v) => v.kind === 'number')) {
        return `${c.sql} = ANY(${sql.param(
          e.values.map((v) => v.value),
          `${c.cast}[]`,
        )})`;
      }
      throw new Error('mixed IN list');
    }
    case 'like': {
      const c = columnOf(e.property);
      const pattern = e.property.type === 'stringArray' ? e.pattern.toLowerCase() : e.pattern;
      return `${c.sql} LIKE ${sql.param(pattern, 'text')}`;
    }
    case 'isNull':
      return `${columnOf(e.property).sql} IS NULL`;
    case 'spatial': {
      const c = columnOf(e.property).sql;
      const g = geometryParam(sql, e.geometry);
      if (e.fn === 's_intersects') return `ST_Intersects(${c}, ${g})`;
      if (e.fn === 's_disjoint') return `(NOT ST_Intersects(${c}, ${g}))`;
      if (e.fn === 's_within') return `ST_Within(${c}, ${g})`;
      return `ST_Contains(${c}, ${g})`;
    }
    case 'temporal': {
      const c = columnOf(e.property).sql;
      const { start, end, endExclusive } = e.span;
      if (e.fn === 't_intersects') return spanCondition(sql, c, e.span);
      if (e.fn === 't_before') return start ? `${c} < ${sql.param(start, 'timestamptz')}` : 'FALSE';
      if (e.fn === 't_after') return end ? `${c} ${endExclusive ? '>=' : '>'} ${sql.param(end, 'timestamptz')}` : 'FALSE';
      const parts: string[] = [];
      if (start) parts.push(`${c} > ${sql.param(start, 'timestamptz')}`);
      if (end) parts.push(`${c} < ${sql.param(end, 'timestamptz')}`);
      return parts.length ? `(${parts.join(' AND ')})` : 'TRUE';
    }
  }
}

/** The largest magnitude a PostgreSQL `real` holds (a larger number cast to it is an error, not a no-match). */
export const REAL_MAX = 3.4028234663852886e38;

/**
 * Every number of the filter within what its column's type holds: `eo:cloud_cover > 1e39` is a 400 naming the
 * property, not PostgreSQL's "value out of range" as a 500.
 */
function checkNumbers(e: Cql2Expr): void {
  const check = (property: Queryable, values: readonly Cql2Value[]) => {
    const c = columnOf(property);
    for (const v of values) {
      if (v.kind !== 'number') continue;
      if (!Number.isFinite(v.value) || (c.cast === 'real' && Math.abs(v.value) > REAL_MAX))
        throw badRequest('numberOutOfRange', { property: property.name, max: c.cast === 'real' ? '3.4e38' : '1.8e308' });
    }
  };
  if (e.op === 'and' || e.op === 'or') e.args.forEach(checkNumbers);
  else if (e.op === 'not') checkNumbers(e.arg);
  else if (e.op === 'compare') check(e.property, [e.value]);
  else if (e.op === 'between') check(e.property, [e.low, e.high]);
  else if (e.op === 'in') check(e.property, e.values);
}

/** The geometries of a filter's spatial predicates. */
function spatialGeometries(e: Cql2Expr, out: unknown[] = []): unknown[] {
  if (e.op === 'and' || e.op === 'or') for (const a of e.args) spatialGeometries(a, out);
  else if (e.op === 'not') spatialGeometries(e.arg, out);
  else if (e.op === 'spatial') out.push(e.geometry);
  return out;
}

/**
 * The filter as a condition for the query builder's `cql2`. Its geometries are measured together first, as one
 * budget (three stars in one filter cost what one star three times as large would): a 400 here, before the
 * search builds anything.
 */
export function compileCql2(expr: Cql2Expr): StacSqlCondition {
  checkNumbers(expr);
  guardGeometries(spatialGeometries(expr));
  return (params) => emit(new Sql(params), expr);
}
