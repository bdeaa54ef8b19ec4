/**
 * CQL2 JSON encoding (OGC 21-065, `{"op": …, "args": […]}`) → the same typed tree as the text
 * encoding. Unknown members, operators and shapes are errors; depth and size are bounded while walking.
 */
import { CQL2_LIMITS, type Cql2Comparison, type Cql2Expr, type Cql2Limits, type Cql2Spatial, type Cql2Temporal } from './ast';
import { between, compare, COMPARISONS, inList, isNull, like, Meter, SPATIAL_FUNCTIONS, spatial, temporal, TEMPORAL_FUNCTIONS, type RawOperand } from './build';
import { Cql2Error, echo } from './errors';
import { parseGeoJsonGeometry } from './geometry';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const GEOMETRY_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection']);

function badShape(what: string): Cql2Error {
  return new Cql2Error('badJsonFilter', { what });
}

function operand(v: unknown): RawOperand {
  if (typeof v === 'string') return { kind: 'string', value: v };
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw badShape('numbers must be finite');
    return { kind: 'number', value: v };
  }
  if (typeof v === 'boolean') return { kind: 'boolean', value: v };
  if (isObject(v)) {
    const keys = Object.keys(v);
    if (keys.length === 1 && typeof v.property === 'string') return { kind: 'property', name: v.property };
    if (keys.length === 1 && typeof v.timestamp === 'string') return { kind: 'timestamp', value: v.timestamp };
    if (keys.length === 1 && typeof v.date === 'string') return { kind: 'date', value: v.date };
    if (keys.length === 1 && Array.isArray(v.interval)) {
      const [a, b] = v.interval as unknown[];
      const end = (x: unknown): string => {
        if (typeof x === 'string') return x;
        if (isObject(x) && typeof x.timestamp === 'string') return x.timestamp;
        if (isObject(x) && typeof x.date === 'string') return x.date;
        throw badShape('interval ends are date or time strings or ".."');
      };
      if (v.interval.length !== 2) throw badShape('an interval has two ends');
      return { kind: 'interval', start: end(a), end: end(b) };
    }
    if (keys.length === 1 && Array.isArray(v.bbox)) {
      const n = v.bbox as unknown[];
      if ((n.length !== 4 && n.length !== 6) || !n.every((x) => typeof x === 'number')) throw new Cql2Error('badGeometry', { reason: 'bbox takes 4 or 6 numbers' });
      const b = n as number[];
      const [w, s, e, no] = b.length === 4 ? b : [b[0]!, b[1]!, b[3]!, b[4]!];
      return { kind: 'geometry', value: parseGeoJsonGeometry({ type: 'Polygon', coordinates: [[[w, s], [e, s], [e, no], [w, no], [w, s]]] }) };
    }
    if (typeof v.type === 'string' && GEOMETRY_TYPES.has(v.type)) return { kind: 'geometry', value: parseGeoJsonGeometry(v) };
    if (typeof v.op === 'string') throw new Cql2Error('unsupported', { what: `a nested expression ("${echo(v.op)}") as an operand` });
    if (typeof v.function === 'object') throw new Cql2Error('unknownFunction', { name: 'function', position: 0 });
  }
  if (v === null) throw badShape('null is not a value; use isNull');
  throw badShape(`unexpected operand ${echo(JSON.stringify(v) ?? String(v))}`);
}

function args(node: Record<string, unknown>, count: number | null): unknown[] {
  const a = node.args;
  if (!Array.isArray(a)) throw badShape(`"${echo(String(node.op))}" needs an "args" array`);
  if (count !== null && a.length !== count) throw badShape(`"${echo(String(node.op))}" takes ${count} arguments`);
  return a;
}

function walk(node: unknown, depth: number, meter: Meter, limits: Cql2Limits): Cql2Expr {
  meter.depth(depth);
  meter.node();
  if (typeof node === 'boolean') return { op: 'bool', value: node };
  if (!isObject(node) || typeof node.op !== 'string') throw badShape('each expression is an object with "op" and "args"');
  for (const key of Object.keys(node)) if (key !== 'op' && key !== 'args') throw badShape(`unknown member "${echo(key)}"`);
  const op = node.op.toLowerCase();
  if (op === 'and' || op === 'or') {
    const a = args(node, null);
    if (a.length < 2) throw badShape(`"${op}" takes at least two arguments`);
    if (a.length > limits.maxNodes) throw new Cql2Error('filterTooManyNodes', { max: limits.maxNodes });
    return { op, args: a.map((x) => walk(x, depth + 1, meter, limits)) };
  }
  if (op === 'not') return { op: 'not', arg: walk(args(node, 1)[0], depth + 1, meter, limits) };
  if ((COMPARISONS as readonly string[]).includes(op)) {
    const [a, b] = args(node, 2);
    return compare(operand(a), op as Cql2Comparison, operand(b));
  }
  if (op === 'between') {
    const [a, lo, hi] = args(node, 3);
    return between(operand(a), operand(lo), operand(hi));
  }
  if (op === 'in') {
    const [a, list] = args(node, 2);
    if (!Array.isArray(list)) throw badShape('"in" takes a property and an array of values');
    if (list.length > limits.maxList) throw new Cql2Error('listTooLong', { max: limits.maxList });
    meter.node(list.length);
    return inList(operand(a), list.map(operand), limits.maxList);
  }
  if (op === 'like') {
    const [a, p] = args(node, 2);
    return like(operand(a), operand(p));
  }
  if (op === 'isnull') return isNull(operand(args(node, 1)[0]));
  if ((SPATIAL_FUNCTIONS as readonly string[]).includes(op)) {
    const [a, b] = args(node, 2);
    return spatial(op as Cql2Spatial, operand(a), operand(b));
  }
  if ((TEMPORAL_FUNCTIONS as readonly string[]).includes(op)) {
    const [a, b] = args(node, 2);
    return temporal(op as Cql2Temporal, operand(a), operand(b));
  }
  throw new Cql2Error('unknownFunction', { name: echo(node.op), position: 0 });
}

/** Parses a CQL2 JSON filter (already parsed from JSON) into the typed tree, or throws Cql2Error. */
export function parseCql2Json(value: unknown, limits: Cql2Limits = CQL2_LIMITS): Cql2Expr {
  return walk(value, 0, new Meter(limits.maxNodes, limits.maxDepth), limits);
}

/** A CQL2 JSON filter given as text (a GET parameter): length-checked, then parsed. */
export function parseCql2JsonText(text: string, limits: Cql2Limits = CQL2_LIMITS): Cql2Expr {
  if (text.length > limits.maxLength) throw new Cql2Error('filterTooLong', { max: limits.maxLength });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badShape('the filter is not valid JSON');
  }
  return parseCql2Json(value, limits);
}
