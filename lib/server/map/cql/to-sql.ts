import 'server-only';
/**
 * Turns a parsed CQL tree into a fully parenthesised SQL condition for PostgreSQL. The SQL text is
 * made only of whitelisted column expressions, fixed keywords and `$n::type` placeholders; every
 * literal travels as a parameter.
 */
import { cqlError, echo } from './error';
import { parseCql, type CqlAttributeRef, type CqlComparison, type CqlLiteral, type CqlNode } from './parse';

export type CqlValueType = 'text' | 'number' | 'date';

export interface CqlAttribute {
  /** Trusted SQL expression, e.g. '"code"' or 'r.name_zh'. */
  column: string;
  type: CqlValueType;
}

/** Keys are attribute names, matched case-insensitively. */
export type CqlWhitelist = Readonly<Record<string, CqlAttribute>>;

export interface CqlSql {
  sql: string;
  params: Array<string | number>;
}

const OPERATORS: Readonly<Record<CqlComparison, string>> = { '=': '=', '<>': '<>', '<': '<', '<=': '<=', '>': '>', '>=': '>=' };
const CASTS: Readonly<Record<CqlValueType, string>> = { text: 'text', number: 'double precision', date: 'timestamptz' };
const TYPE_NAMES: Readonly<Record<CqlValueType, string>> = {
  text: 'a string',
  number: 'a number',
  date: 'a date (YYYY-MM-DD or ISO timestamp)',
};
/** A plain column reference needs no parentheses around it. */
const SIMPLE_COLUMN = /^(?:[A-Za-z_][A-Za-z0-9_]*|"[^"]+")(?:\.(?:[A-Za-z_][A-Za-z0-9_]*|"[^"]+"))*$/;
const NUMBER_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const PLAIN_DECIMAL = /^-?\d+(?:\.\d+)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2})(?::?(\d{2}))?)?$/;

/** Translates a tree from `parseCql`, checking attributes and literal types against `whitelist`. */
export function cqlToSql(node: CqlNode, whitelist: CqlWhitelist, firstParamIndex: number): CqlSql {
  if (!Number.isSafeInteger(firstParamIndex) || firstParamIndex < 1)
    throw new RangeError(`firstParamIndex must be a positive integer, got ${firstParamIndex}`);
  return new Translator(whitelist, firstParamIndex).translate(node);
}

/** Parses, checks and translates a CQL filter in one go. */
export function compileCql(input: string, whitelist: CqlWhitelist, firstParamIndex: number): CqlSql {
  return cqlToSql(parseCql(input), whitelist, firstParamIndex);
}

class Translator {
  private readonly attributes = new Map<string, CqlAttribute>();
  private readonly params: Array<string | number> = [];

  constructor(
    private readonly whitelist: CqlWhitelist,
    private readonly firstParamIndex: number,
  ) {
    for (const [name, attribute] of Object.entries(whitelist)) {
      const key = asciiLower(name);
      if (!this.attributes.has(key)) this.attributes.set(key, attribute);
    }
  }

  translate(node: CqlNode): CqlSql {
    const sql = this.node(node);
    return { sql, params: this.params };
  }

  private node(node: CqlNode): string {
    switch (node.kind) {
      case 'and':
      case 'or':
        return `(${node.operands.map((operand) => this.node(operand)).join(node.kind === 'and' ? ' AND ' : ' OR ')})`;
      case 'not':
        return `(NOT ${this.node(node.operand)})`;
      case 'constant':
        return node.value ? '(TRUE)' : '(FALSE)';
      case 'compare':
        return this.compare(node.attribute, node.op, node.value);
      case 'in':
        return this.inList(node.attribute, node.negated, node.values);
      case 'like':
        return this.like(node.attribute, node.negated, node.caseInsensitive, node.pattern, node.escape);
      case 'between':
        return this.between(node.attribute, node.negated, node.low, node.high);
      case 'isNull':
        return `(${columnSql(this.attribute(node.attribute))} IS ${node.negated ? 'NOT ' : ''}NULL)`;
    }
  }

  private compare(ref: CqlAttributeRef, op: CqlComparison, value: CqlLiteral): string {
    const attribute = this.attribute(ref);
    const operator = OPERATORS[op];
    if (!operator) throw cqlError(`Unknown operator "${echo(String(op))}"`, ref.position);
    return `(${columnSql(attribute)} ${operator} ${this.param(ref, attribute, value)})`;
  }

  private inList(ref: CqlAttributeRef, negated: boolean, values: readonly CqlLiteral[]): string {
    const attribute = this.attribute(ref);
    if (values.length === 0) throw cqlError('Empty IN list', ref.position);
    const placeholders = values.map((value) => this.param(ref, attribute, value));
    return `(${columnSql(attribute)} ${negated ? 'NOT IN' : 'IN'} (${placeholders.join(', ')}))`;
  }

  /**
   * Without an escape, `ESCAPE ''` switches off PostgreSQL's default backslash escape, so a backslash
   * matches itself. With one, the escape character goes in as a parameter too (the parser has checked
   * it is one character and that the pattern does not end with it, which PostgreSQL would refuse).
   */
  private like(ref: CqlAttributeRef, negated: boolean, caseInsensitive: boolean, pattern: CqlLiteral, escape: string | null): string {
    const attribute = this.attribute(ref);
    const operator = caseInsensitive ? 'ILIKE' : 'LIKE';
    if (attribute.type !== 'text')
      throw cqlError(`${operator} on ${attribute.type} attribute "${echo(ref.name)}"`, ref.position, `${operator} needs a text attribute`);
    const value = this.param(ref, attribute, pattern);
    let escapeSql = "''";
    if (escape !== null) {
      this.params.push(escape);
      escapeSql = `$${this.firstParamIndex + this.params.length - 1}::text`;
    }
    return `(${columnSql(attribute)} ${negated ? 'NOT ' : ''}${operator} ${value} ESCAPE ${escapeSql})`;
  }

  private between(ref: CqlAttributeRef, negated: boolean, low: CqlLiteral, high: CqlLiteral): string {
    const attribute = this.attribute(ref);
    const range = `${this.param(ref, attribute, low)} AND ${this.param(ref, attribute, high)}`;
    return `(${columnSql(attribute)} ${negated ? 'NOT BETWEEN' : 'BETWEEN'} ${range})`;
  }

  private attribute(ref: CqlAttributeRef): CqlAttribute {
    const attribute = this.attributes.get(asciiLower(ref.name));
    if (attribute) return attribute;
    const allowed = Object.keys(this.whitelist).join(', ') || '(none)';
    throw cqlError(`Unknown attribute "${echo(ref.name)}"`, ref.position, `allowed: ${allowed}`);
  }

  private param(ref: CqlAttributeRef, attribute: CqlAttribute, literal: CqlLiteral): string {
    this.params.push(literalValue(ref, attribute.type, literal));
    return `$${this.firstParamIndex + this.params.length - 1}::${CASTS[attribute.type]}`;
  }
}

function literalValue(ref: CqlAttributeRef, type: CqlValueType, literal: CqlLiteral): string | number {
  const value = convert(type, literal);
  if (value === undefined) {
    const found = literal.kind === 'string' ? `string '${echo(literal.value)}'` : `number ${echo(literal.text)}`;
    throw cqlError(`Expected ${TYPE_NAMES[type]} for "${echo(ref.name)}", found ${found}`, literal.position);
  }
  if (typeof value === 'string' && value.includes('\0')) throw cqlError('NUL character in string', literal.position);
  return value;
}

function convert(type: CqlValueType, literal: CqlLiteral): string | number | undefined {
  switch (type) {
    case 'text':
      return literal.kind === 'string' ? literal.value : numberAsText(literal.text, literal.value);
    case 'number':
      return literal.kind === 'number' ? finite(literal.value) : stringAsNumber(literal.value);
    case 'date':
      return literal.kind === 'string' && isIsoDate(literal.value) ? literal.value : undefined;
  }
}

/** A number compared with a text attribute means its decimal text: xzqdm = 130100 is '130100'. */
function numberAsText(text: string, value: number): string {
  return PLAIN_DECIMAL.test(text) ? text : String(value);
}

function stringAsNumber(text: string): number | undefined {
  return NUMBER_TEXT.test(text) ? finite(Number(text)) : undefined;
}

function finite(value: number): number | undefined {
  return Number.isFinite(value) ? value : undefined;
}

/** YYYY-MM-DD or an ISO timestamp that PostgreSQL accepts as a real instant (no month 13, no 30 Feb). */
export function isIsoDate(text: string): boolean {
  const match = DATE.exec(text) ?? TIMESTAMP.exec(text);
  if (!match) return false;
  const [year = 0, month = 0, day = 0, hour = 0, minute = 0, second = 0, offsetHours = 0, offsetMinutes = 0] = match
    .slice(1)
    .map((part) => Number(part ?? 0));
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeapYear(year) ? 1 : 0);
  return (
    year >= 1 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59
  );
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function columnSql(attribute: CqlAttribute): string {
  const column = attribute.column.trim();
  return SIMPLE_COLUMN.test(column) ? column : `(${column})`;
}

function asciiLower(text: string): string {
  return text.replace(/[A-Z]/g, (c) => c.toLowerCase());
}
