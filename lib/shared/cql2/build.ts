/**
 * The checks both encodings share: a property must be a queryable, a literal must fit the property's
 * type, and each operator takes only the types it makes sense for. Builds the typed nodes of ast.ts.
 */
import type { Cql2Comparison, Cql2Expr, Cql2Spatial, Cql2Temporal, Cql2Value } from './ast';
import { Cql2Error, echo } from './errors';
import type { GeoJsonGeometry } from './geometry';
import { findQueryable, QUERYABLE_NAMES, type Queryable } from './queryables';
import { parseDate, parseInstant, parseTimeValue, type TimeSpan } from './time';

/** An operand as either encoding reads it, before type checks. */
export type RawOperand =
  | { kind: 'property'; name: string }
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'timestamp'; value: string }
  | { kind: 'date'; value: string }
  | { kind: 'interval'; start: string; end: string }
  | { kind: 'geometry'; value: GeoJsonGeometry };

export function resolveProperty(name: string): Queryable {
  const q = findQueryable(name);
  if (!q) throw new Cql2Error('unknownProperty', { name: echo(name), allowed: QUERYABLE_NAMES.join(', ') });
  return q;
}

const describe = (o: RawOperand): string => (o.kind === 'property' ? `property ${o.name}` : o.kind);

function mismatch(q: Queryable, o: RawOperand, what = 'a value'): Cql2Error {
  return new Cql2Error('typeMismatch', { property: q.name, type: q.type, got: echo(describe(o)), what });
}

function spanOf(o: RawOperand, q: Queryable): TimeSpan {
  switch (o.kind) {
    case 'timestamp': {
      const t = parseInstant(o.value);
      return { start: t, end: t, endExclusive: false };
    }
    case 'date': {
      const d = parseDate(o.value);
      return { start: d.start, end: d.endExclusive, endExclusive: true };
    }
    case 'string':
      return parseTimeValue(o.value);
    case 'interval': {
      const open = (s: string) => s === '..' || s === '';
      const from = open(o.start) ? null : parseTimeValue(o.start);
      const to = open(o.end) ? null : parseTimeValue(o.end);
      return { start: from?.start ?? null, end: to?.end ?? null, endExclusive: to?.endExclusive ?? false };
    }
    default:
      throw mismatch(q, o);
  }
}

/** The literal `o` as a value of property `q`'s type. */
export function valueFor(q: Queryable, o: RawOperand): Cql2Value {
  switch (q.type) {
    case 'string':
    case 'stringArray':
      if (o.kind === 'string') return { kind: 'string', value: o.value };
      throw mismatch(q, o);
    case 'number':
    case 'integer':
      if (o.kind === 'number') return { kind: 'number', value: o.value };
      throw mismatch(q, o);
    case 'timestamp':
      if (o.kind === 'interval') throw mismatch(q, o);
      return { kind: 'time', value: spanOf(o, q) };
    case 'geometry':
      throw mismatch(q, o, 'a spatial function (S_INTERSECTS)');
  }
}

/** Property on one side, literal on the other (flipped so the property is on the left). */
function propertyAndLiteral(a: RawOperand, b: RawOperand): { property: Queryable; literal: RawOperand; flipped: boolean } {
  if (a.kind === 'property' && b.kind !== 'property') return { property: resolveProperty(a.name), literal: b, flipped: false };
  if (b.kind === 'property' && a.kind !== 'property') return { property: resolveProperty(b.name), literal: a, flipped: true };
  throw new Cql2Error('unsupported', { what: 'a comparison needs one property and one literal' });
}

const FLIP: Record<Cql2Comparison, Cql2Comparison> = { '=': '=', '<>': '<>', '<': '>', '<=': '>=', '>': '<', '>=': '<=' };

export function compare(a: RawOperand, cmp: Cql2Comparison, b: RawOperand): Cql2Expr {
  const { property, literal, flipped } = propertyAndLiteral(a, b);
  if (property.type === 'stringArray' && cmp !== '=' && cmp !== '<>') throw mismatch(property, literal, '= or <>');
  return { op: 'compare', cmp: flipped ? FLIP[cmp] : cmp, property, value: valueFor(property, literal) };
}

function propertyOperand(o: RawOperand): Queryable {
  if (o.kind !== 'property') throw new Cql2Error('unsupported', { what: `the left side must be a property, not ${describe(o)}` });
  return resolveProperty(o.name);
}

export function between(a: RawOperand, low: RawOperand, high: RawOperand): Cql2Expr {
  const property = propertyOperand(a);
  if (property.type !== 'number' && property.type !== 'integer' && property.type !== 'timestamp') throw mismatch(property, low, 'BETWEEN');
  return { op: 'between', property, low: valueFor(property, low), high: valueFor(property, high) };
}

export function inList(a: RawOperand, items: readonly RawOperand[], maxList: number): Cql2Expr {
  const property = propertyOperand(a);
  if (items.length === 0) throw new Cql2Error('syntax', { expected: 'at least one value in the IN list', found: ')' });
  if (items.length > maxList) throw new Cql2Error('listTooLong', { max: maxList });
  if (property.type === 'timestamp' || property.type === 'geometry') throw mismatch(property, items[0]!, 'IN');
  return { op: 'in', property, values: items.map((i) => valueFor(property, i)) };
}

export function like(a: RawOperand, pattern: RawOperand): Cql2Expr {
  const property = propertyOperand(a);
  if (property.type !== 'string' && property.type !== 'stringArray') throw mismatch(property, pattern, 'LIKE');
  if (pattern.kind !== 'string') throw mismatch(property, pattern, 'a text pattern');
  return { op: 'like', property, pattern: pattern.value };
}

export function isNull(a: RawOperand): Cql2Expr {
  return { op: 'isNull', property: propertyOperand(a) };
}

export function spatial(fn: Cql2Spatial, a: RawOperand, b: RawOperand): Cql2Expr {
  const swap: Record<Cql2Spatial, Cql2Spatial> = { s_intersects: 's_intersects', s_disjoint: 's_disjoint', s_within: 's_contains', s_contains: 's_within' };
  const { property, literal, flipped } = propertyAndLiteral(a, b);
  if (property.type !== 'geometry') throw mismatch(property, literal, 'a geometry property');
  if (literal.kind !== 'geometry') throw mismatch(property, literal, 'a geometry literal (GeoJSON, WKT or BBOX)');
  return { op: 'spatial', fn: flipped ? swap[fn] : fn, property, geometry: literal.value };
}

export function temporal(fn: Cql2Temporal, a: RawOperand, b: RawOperand): Cql2Expr {
  const { property, literal, flipped } = propertyAndLiteral(a, b);
  if (property.type !== 'timestamp') throw mismatch(property, literal, 'a temporal property');
  if (flipped && fn !== 't_intersects') throw new Cql2Error('unsupported', { what: `${fn.toUpperCase()} with the property second` });
  return { op: 'temporal', fn, property, span: spanOf(literal, property) };
}

export const SPATIAL_FUNCTIONS: readonly Cql2Spatial[] = ['s_intersects', 's_disjoint', 's_within', 's_contains'];
export const TEMPORAL_FUNCTIONS: readonly Cql2Temporal[] = ['t_intersects', 't_before', 't_after', 't_during'];
export const COMPARISONS: readonly Cql2Comparison[] = ['=', '<>', '<', '<=', '>', '>='];

/** Counts nodes and depth while building; throws past the limits. */
export class Meter {
  private nodes = 0;
  constructor(
    private readonly maxNodes: number,
    private readonly maxDepth: number,
  ) {}
  node(n = 1): void {
    this.nodes += n;
    if (this.nodes > this.maxNodes) throw new Cql2Error('filterTooManyNodes', { max: this.maxNodes });
  }
  depth(d: number): void {
    if (d > this.maxDepth) throw new Cql2Error('filterTooDeep', { max: this.maxDepth });
  }
}
