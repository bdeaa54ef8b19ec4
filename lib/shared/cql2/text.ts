/**
 * CQL2 text encoding (OGC 21-065) → the typed tree. Recursive descent over a small token set; any
 * character the grammar has no use for (semicolons, comments, look-alike quotes, control characters,
 * arithmetic, …) stops the tokenizer with an error naming it and its position.
 *
 *   expr      = and { OR and }          and = not { AND not }          not = NOT not | primary
 *   primary   = "(" expr ")" | TRUE | FALSE | function "(" args ")" | operand predicate
 *   predicate = cmp operand | [NOT] BETWEEN operand AND operand | [NOT] IN "(" operand {"," operand} ")"
 *             | [NOT] LIKE string | IS [NOT] NULL
 *   operand   = property | 'string' | number | TIMESTAMP('…') | DATE('…') | INTERVAL('…','…')
 *             | WKT geometry | BBOX(w,s,e,n) | TRUE | FALSE
 */
import { CQL2_LIMITS, type Cql2Comparison, type Cql2Expr, type Cql2Limits, type Cql2Spatial, type Cql2Temporal } from './ast';
import { between, compare, inList, isNull, like, Meter, SPATIAL_FUNCTIONS, spatial, temporal, TEMPORAL_FUNCTIONS, type RawOperand } from './build';
import { Cql2Error, echo } from './errors';
import { parseGeoJsonGeometry, type GeoJsonGeometry, type Position } from './geometry';

type Token =
  | { type: 'word'; text: string; upper: string; pos: number }
  | { type: 'quoted'; text: string; pos: number }
  | { type: 'string'; value: string; pos: number }
  | { type: 'number'; value: number; pos: number }
  | { type: 'symbol'; text: string; pos: number }
  | { type: 'end'; pos: number };

const SYMBOLS = ['<>', '<=', '>=', '!=', '(', ')', ',', '=', '<', '>'];
const WORD = /[A-Za-z_][A-Za-z0-9_:.]*/y;
const NUMBER = /-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const WS = new Set([' ', '\t', '\r', '\n']);

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input.charAt(i);
    if (WS.has(c)) {
      i += 1;
      continue;
    }
    if (c === "'") {
      let value = '';
      let j = i + 1;
      for (;;) {
        if (j >= input.length) throw new Cql2Error('unterminatedString', { position: i });
        const d = input.charAt(j);
        if (d === '\0') throw new Cql2Error('unexpectedCharacter', { character: '\\u0000', position: j });
        if (d === "'") {
          if (input.charAt(j + 1) === "'") {
            value += "'";
            j += 2;
            continue;
          }
          break;
        }
        value += d;
        j += 1;
      }
      tokens.push({ type: 'string', value, pos: i });
      i = j + 1;
      continue;
    }
    if (c === '"') {
      const end = input.indexOf('"', i + 1);
      if (end < 0) throw new Cql2Error('unterminatedString', { position: i });
      const text = input.slice(i + 1, end);
      if (/[\p{Cc}\p{Cf}]/u.test(text)) throw new Cql2Error('unexpectedCharacter', { character: echo(text), position: i });
      tokens.push({ type: 'quoted', text, pos: i });
      i = end + 1;
      continue;
    }
    NUMBER.lastIndex = i;
    const num = /[-.\d]/.test(c) ? NUMBER.exec(input) : null;
    if (num && !(c === '-' && input.charAt(i + 1) === '-')) {
      const after = input.charAt(i + num[0].length);
      if (/[A-Za-z_]/.test(after)) throw new Cql2Error('unexpectedCharacter', { character: echo(after), position: i + num[0].length });
      tokens.push({ type: 'number', value: Number(num[0]), pos: i });
      i += num[0].length;
      continue;
    }
    WORD.lastIndex = i;
    const word = WORD.exec(input);
    if (word) {
      tokens.push({ type: 'word', text: word[0], upper: word[0].toUpperCase(), pos: i });
      i += word[0].length;
      continue;
    }
    const symbol = SYMBOLS.find((s) => input.startsWith(s, i));
    if (symbol) {
      tokens.push({ type: 'symbol', text: symbol === '!=' ? '<>' : symbol, pos: i });
      i += symbol.length;
      continue;
    }
    const cp = input.codePointAt(i) ?? 0;
    throw new Cql2Error('unexpectedCharacter', { character: echo(String.fromCodePoint(cp)), position: i });
  }
  tokens.push({ type: 'end', pos: input.length });
  return tokens;
}

const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'BETWEEN', 'IN', 'LIKE', 'IS', 'NULL', 'TRUE', 'FALSE']);
const WKT_TYPES = new Set(['POINT', 'LINESTRING', 'POLYGON', 'MULTIPOINT', 'MULTILINESTRING', 'MULTIPOLYGON', 'GEOMETRYCOLLECTION']);
const COMPARE = new Set(['=', '<>', '<', '<=', '>', '>=']);

class Parser {
  private i = 0;
  private readonly meter: Meter;
  constructor(
    private readonly tokens: Token[],
    private readonly limits: Cql2Limits,
  ) {
    this.meter = new Meter(limits.maxNodes, limits.maxDepth);
  }

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.i + offset, this.tokens.length - 1)]!;
  }
  private next(): Token {
    const t = this.peek();
    if (t.type !== 'end') this.i += 1;
    return t;
  }
  private isWord(t: Token, upper: string): boolean {
    return t.type === 'word' && t.upper === upper;
  }
  private isSymbol(t: Token, text: string): boolean {
    return t.type === 'symbol' && t.text === text;
  }
  private fail(expected: string, t: Token = this.peek()): Cql2Error {
    if (t.type === 'end') return new Cql2Error('unexpectedEnd', { expected });
    const found = t.type === 'word' || t.type === 'quoted' || t.type === 'symbol' ? t.text : t.type === 'string' ? `'${t.value}'` : String(t.value);
    return new Cql2Error('syntax', { expected, found: echo(found), position: t.pos });
  }
  private expectSymbol(text: string): void {
    if (!this.isSymbol(this.peek(), text)) throw this.fail(`"${text}"`);
    this.next();
  }
  private expectWord(upper: string): void {
    if (!this.isWord(this.peek(), upper)) throw this.fail(upper);
    this.next();
  }

  parse(): Cql2Expr {
    const expr = this.or(0);
    if (this.peek().type !== 'end') throw this.fail('AND, OR or the end of the filter');
    return expr;
  }

  private or(depth: number): Cql2Expr {
    this.meter.depth(depth);
    const args = [this.and(depth)];
    while (this.isWord(this.peek(), 'OR')) {
      this.next();
      args.push(this.and(depth));
    }
    if (args.length === 1) return args[0]!;
    this.meter.node();
    return { op: 'or', args };
  }

  private and(depth: number): Cql2Expr {
    const args = [this.not(depth)];
    while (this.isWord(this.peek(), 'AND')) {
      this.next();
      args.push(this.not(depth));
    }
    if (args.length === 1) return args[0]!;
    this.meter.node();
    return { op: 'and', args };
  }

  private not(depth: number): Cql2Expr {
    if (this.isWord(this.peek(), 'NOT')) {
      this.next();
      this.meter.depth(depth + 1);
      this.meter.node();
      return { op: 'not', arg: this.not(depth + 1) };
    }
    return this.primary(depth);
  }

  private primary(depth: number): Cql2Expr {
    const t = this.peek();
    if (this.isSymbol(t, '(')) {
      this.next();
      const inner = this.or(depth + 1);
      this.expectSymbol(')');
      return inner;
    }
    if (t.type === 'word' && this.isSymbol(this.peek(1), '(')) {
      const fn = t.text.toLowerCase();
      if ((SPATIAL_FUNCTIONS as readonly string[]).includes(fn) || (TEMPORAL_FUNCTIONS as readonly string[]).includes(fn)) {
        this.next();
        this.next();
        const a = this.operand();
        this.expectSymbol(',');
        const b = this.operand();
        this.expectSymbol(')');
        this.meter.node();
        return SPATIAL_FUNCTIONS.includes(fn as Cql2Spatial) ? spatial(fn as Cql2Spatial, a, b) : temporal(fn as Cql2Temporal, a, b);
      }
    }
    if ((this.isWord(t, 'TRUE') || this.isWord(t, 'FALSE')) && this.endsPredicate(this.peek(1))) {
      this.next();
      this.meter.node();
      return { op: 'bool', value: t.type === 'word' && t.upper === 'TRUE' };
    }
    const left = this.operand();
    this.meter.node();
    return this.predicate(left);
  }

  private endsPredicate(t: Token): boolean {
    return t.type === 'end' || this.isSymbol(t, ')') || this.isWord(t, 'AND') || this.isWord(t, 'OR');
  }

  private predicate(left: RawOperand): Cql2Expr {
    const t = this.peek();
    if (t.type === 'symbol' && COMPARE.has(t.text)) {
      this.next();
      return compare(left, t.text as Cql2Comparison, this.operand());
    }
    let negated = false;
    if (this.isWord(t, 'NOT')) {
      this.next();
      negated = true;
    }
    const u = this.peek();
    let expr: Cql2Expr;
    if (this.isWord(u, 'BETWEEN')) {
      this.next();
      const low = this.operand();
      this.expectWord('AND');
      expr = between(left, low, this.operand());
    } else if (this.isWord(u, 'IN')) {
      this.next();
      this.expectSymbol('(');
      const items = [this.operand()];
      while (this.isSymbol(this.peek(), ',')) {
        this.next();
        items.push(this.operand());
        if (items.length > this.limits.maxList) throw new Cql2Error('listTooLong', { max: this.limits.maxList });
      }
      this.expectSymbol(')');
      this.meter.node(items.length);
      expr = inList(left, items, this.limits.maxList);
    } else if (this.isWord(u, 'LIKE')) {
      this.next();
      expr = like(left, this.operand());
    } else if (!negated && this.isWord(u, 'IS')) {
      this.next();
      const not = this.isWord(this.peek(), 'NOT');
      if (not) this.next();
      this.expectWord('NULL');
      const e = isNull(left);
      return not ? { op: 'not', arg: e } : e;
    } else {
      throw this.fail(negated ? 'BETWEEN, IN or LIKE' : 'a comparison (=, <>, <, <=, >, >=), BETWEEN, IN, LIKE or IS NULL', u);
    }
    return negated ? { op: 'not', arg: expr } : expr;
  }

  private operand(): RawOperand {
    const t = this.next();
    switch (t.type) {
      case 'string':
        return { kind: 'string', value: t.value };
      case 'number':
        return { kind: 'number', value: t.value };
      case 'quoted':
        return { kind: 'property', name: t.text };
      case 'word': {
        if (t.upper === 'TRUE' || t.upper === 'FALSE') return { kind: 'boolean', value: t.upper === 'TRUE' };
        if (KEYWORDS.has(t.upper)) throw this.fail('a property or a value', t);
        const call = this.isSymbol(this.peek(), '(');
        if (t.upper === 'TIMESTAMP' && call) return { kind: 'timestamp', value: this.stringArg() };
        if (t.upper === 'DATE' && call) return { kind: 'date', value: this.stringArg() };
        if (t.upper === 'INTERVAL' && call) {
          this.next();
          const start = this.intervalEnd();
          this.expectSymbol(',');
          const end = this.intervalEnd();
          this.expectSymbol(')');
          return { kind: 'interval', start, end };
        }
        if (t.upper === 'BBOX' && call) return { kind: 'geometry', value: this.bbox() };
        if (WKT_TYPES.has(t.upper)) return { kind: 'geometry', value: parseGeoJsonGeometry(this.wkt(t.upper)) };
        if (call) throw new Cql2Error('unknownFunction', { name: echo(t.text), position: t.pos });
        return { kind: 'property', name: t.text };
      }
      default:
        throw this.fail('a property or a value', t);
    }
  }

  private stringArg(): string {
    this.expectSymbol('(');
    const s = this.next();
    if (s.type !== 'string') throw this.fail('a quoted date or time', s);
    this.expectSymbol(')');
    return s.value;
  }

  private intervalEnd(): string {
    const t = this.next();
    if (t.type === 'string') return t.value;
    if (t.type === 'word' && (t.upper === 'TIMESTAMP' || t.upper === 'DATE')) return this.stringArg();
    throw this.fail("a quoted date or time, or '..'", t);
  }

  private number(): number {
    const t = this.next();
    if (t.type !== 'number') throw this.fail('a number', t);
    return t.value;
  }

  private bbox(): GeoJsonGeometry {
    this.expectSymbol('(');
    const n = [this.number()];
    while (this.isSymbol(this.peek(), ',')) {
      this.next();
      n.push(this.number());
      if (n.length > 6) break;
    }
    this.expectSymbol(')');
    if (n.length !== 4 && n.length !== 6) throw new Cql2Error('badGeometry', { reason: 'BBOX takes 4 or 6 numbers' });
    const [w, s, e, no] = n.length === 4 ? n : [n[0]!, n[1]!, n[3]!, n[4]!];
    return parseGeoJsonGeometry({
      type: 'Polygon',
      coordinates: [[[w, s], [e, s], [e, no], [w, no], [w, s]]],
    });
  }

  /** One WKT geometry after its type word, as GeoJSON (checked by parseGeoJsonGeometry afterwards). */
  private wkt(type: string, depth = 0): unknown {
    if (depth > 4) throw new Cql2Error('badGeometry', { reason: 'geometry collections nested too deeply' });
    if (this.isWord(this.peek(), 'Z')) this.next();
    if (this.isWord(this.peek(), 'EMPTY')) throw new Cql2Error('badGeometry', { reason: 'empty geometries are not supported' });
    const position = (): Position => {
      const p = [this.number(), this.number()];
      if (this.peek().type === 'number') p.push(this.number());
      return p;
    };
    const seq = <T>(item: () => T): T[] => {
      this.expectSymbol('(');
      const out = [item()];
      while (this.isSymbol(this.peek(), ',')) {
        this.next();
        out.push(item());
        if (out.length > 10_001) throw new Cql2Error('tooManyVertices', { max: 10_000 });
      }
      this.expectSymbol(')');
      return out;
    };
    // MULTIPOINT accepts both (1 2, 3 4) and ((1 2), (3 4)).
    const point = () => (this.isSymbol(this.peek(), '(') ? seq(position)[0]! : position());
    switch (type) {
      case 'POINT':
        return { type: 'Point', coordinates: seq(position)[0] };
      case 'LINESTRING':
        return { type: 'LineString', coordinates: seq(position) };
      case 'POLYGON':
        return { type: 'Polygon', coordinates: seq(() => seq(position)) };
      case 'MULTIPOINT':
        return { type: 'MultiPoint', coordinates: seq(point) };
      case 'MULTILINESTRING':
        return { type: 'MultiLineString', coordinates: seq(() => seq(position)) };
      case 'MULTIPOLYGON':
        return { type: 'MultiPolygon', coordinates: seq(() => seq(() => seq(position))) };
      default:
        return {
          type: 'GeometryCollection',
          geometries: seq(() => {
            const t = this.next();
            if (t.type !== 'word' || !WKT_TYPES.has(t.upper)) throw this.fail('a WKT geometry', t);
            return this.wkt(t.upper, depth + 1);
          }),
        };
    }
  }
}

/** Parses a CQL2 text filter into the typed tree, or throws Cql2Error. */
export function parseCql2Text(input: string, limits: Cql2Limits = CQL2_LIMITS): Cql2Expr {
  if (input.length > limits.maxLength) throw new Cql2Error('filterTooLong', { max: limits.maxLength });
  if (input.trim() === '') throw new Cql2Error('unexpectedEnd', { expected: 'a filter' });
  return new Parser(tokenize(input), limits).parse();
}
