import 'server-only';
/**
 * Recursive-descent parser for our ECQL subset (grammar in README.md). It only builds the tree;
 * attribute names and literal types are checked against a layer's whitelist in `cqlToSql`.
 */
import { cqlError, echo } from './error';
import { tokenize, type CqlSymbol, type CqlToken } from './tokenize';

export type CqlComparison = '=' | '<>' | '<' | '<=' | '>' | '>=';

export interface CqlAttributeRef {
  /** As written, without quotes; matched case-insensitively. */
  readonly name: string;
  readonly position: number;
}

export type CqlLiteral =
  | { readonly kind: 'string'; readonly value: string; readonly position: number }
  /** `text` is the number as written. */
  | { readonly kind: 'number'; readonly value: number; readonly text: string; readonly position: number };

export type CqlNode =
  | { readonly kind: 'and'; readonly operands: readonly CqlNode[] }
  | { readonly kind: 'or'; readonly operands: readonly CqlNode[] }
  | { readonly kind: 'not'; readonly operand: CqlNode }
  /** INCLUDE (true) or EXCLUDE (false). */
  | { readonly kind: 'constant'; readonly value: boolean }
  | { readonly kind: 'compare'; readonly attribute: CqlAttributeRef; readonly op: CqlComparison; readonly value: CqlLiteral }
  | { readonly kind: 'in'; readonly attribute: CqlAttributeRef; readonly negated: boolean; readonly values: readonly CqlLiteral[] }
  | {
      readonly kind: 'like';
      readonly attribute: CqlAttributeRef;
      readonly negated: boolean;
      readonly caseInsensitive: boolean;
      readonly pattern: CqlLiteral & { readonly kind: 'string' };
      /**
       * The `ESCAPE` character: before `%`, `_` or itself it makes that character literal. null (no
       * ESCAPE, or `ESCAPE ''`): none, so a backslash is an ordinary character.
       */
      readonly escape: string | null;
    }
  | {
      readonly kind: 'between';
      readonly attribute: CqlAttributeRef;
      readonly negated: boolean;
      readonly low: CqlLiteral;
      readonly high: CqlLiteral;
    }
  | { readonly kind: 'isNull'; readonly attribute: CqlAttributeRef; readonly negated: boolean };

export interface CqlLimits {
  /** Characters (default 4000). */
  maxLength?: number;
  /** Nested parentheses and NOTs (default 20). */
  maxDepth?: number;
  /** Predicates plus IN-list items, in total (default 200). */
  maxTerms?: number;
}

export const DEFAULT_CQL_LIMITS: Readonly<Required<CqlLimits>> = Object.freeze({ maxLength: 4000, maxDepth: 20, maxTerms: 200 });

const KEYWORDS = new Set(['AND', 'OR', 'NOT', 'IN', 'LIKE', 'ILIKE', 'ESCAPE', 'BETWEEN', 'IS', 'NULL', 'INCLUDE', 'EXCLUDE']);
const SPATIAL = new Set([
  'BBOX',
  'INTERSECTS',
  'DISJOINT',
  'CONTAINS',
  'WITHIN',
  'TOUCHES',
  'CROSSES',
  'OVERLAPS',
  'EQUALS',
  'RELATE',
  'DWITHIN',
  'BEYOND',
]);
const TEMPORAL = new Set(['BEFORE', 'AFTER', 'DURING', 'TEQUALS']);
const COMPARISONS: ReadonlyMap<CqlSymbol, CqlComparison> = new Map<CqlSymbol, CqlComparison>([
  ['=', '='],
  ['<>', '<>'],
  ['!=', '<>'],
  ['<', '<'],
  ['<=', '<='],
  ['>', '>'],
  ['>=', '>='],
]);

/** Parses a CQL filter into a tree, or throws CqlError with the offset where it went wrong. */
export function parseCql(input: string, limits: CqlLimits = {}): CqlNode {
  const maxLength = limits.maxLength ?? DEFAULT_CQL_LIMITS.maxLength;
  const maxDepth = limits.maxDepth ?? DEFAULT_CQL_LIMITS.maxDepth;
  const maxTerms = limits.maxTerms ?? DEFAULT_CQL_LIMITS.maxTerms;
  if (input.length > maxLength) throw cqlError(`Filter longer than ${maxLength} characters`, maxLength);
  const parser = new Parser(tokenize(input), maxDepth, maxTerms);
  return parser.filter();
}

class Parser {
  private index = 0;
  private depth = 0;
  private terms = 0;

  constructor(
    private readonly tokens: readonly CqlToken[],
    private readonly maxDepth: number,
    private readonly maxTerms: number,
  ) {}

  filter(): CqlNode {
    if (this.peek().type === 'end') throw cqlError('Empty filter', 0);
    const node = this.or();
    const rest = this.peek();
    if (rest.type !== 'end') throw cqlError(`Expected AND, OR or end of filter, found ${describe(rest)}`, rest.position);
    return node;
  }

  private or(): CqlNode {
    const first = this.and();
    const operands = [first];
    while (this.acceptKeyword('OR')) operands.push(this.and());
    return operands.length === 1 ? first : { kind: 'or', operands };
  }

  private and(): CqlNode {
    const first = this.not();
    const operands = [first];
    while (this.acceptKeyword('AND')) operands.push(this.not());
    return operands.length === 1 ? first : { kind: 'and', operands };
  }

  private not(): CqlNode {
    const token = this.peek();
    if (!this.acceptKeyword('NOT')) return this.primary();
    this.enter(token.position);
    const operand = this.not();
    this.depth -= 1;
    return { kind: 'not', operand };
  }

  private primary(): CqlNode {
    const token = this.peek();
    if (token.type === 'symbol' && token.text === '(') return this.group(token.position);
    if (token.type === 'word' && (token.upper === 'INCLUDE' || token.upper === 'EXCLUDE')) {
      this.next();
      this.countTerms(token.position, 1);
      return { kind: 'constant', value: token.upper === 'INCLUDE' };
    }
    if (token.type === 'word' && this.isCall()) throw callError(token);
    if ((token.type === 'word' && !KEYWORDS.has(token.upper)) || token.type === 'quoted') {
      this.next();
      return this.predicate({ name: token.text, position: token.position });
    }
    if (token.type === 'string' || token.type === 'number') {
      throw cqlError(
        `Expected an attribute, found ${describe(token)}`,
        token.position,
        'the attribute must be on the left (attribute operator literal)',
      );
    }
    throw cqlError(`Expected an attribute or "(", found ${describe(token)}`, token.position);
  }

  private group(position: number): CqlNode {
    this.enter(position);
    this.next();
    const inner = this.or();
    const close = this.peek();
    if (close.type !== 'symbol' || close.text !== ')') throw cqlError(`Expected AND, OR or ")", found ${describe(close)}`, close.position);
    this.next();
    this.depth -= 1;
    return inner;
  }

  private predicate(attribute: CqlAttributeRef): CqlNode {
    const token = this.peek();
    if (token.type === 'symbol' && COMPARISONS.has(token.text)) {
      this.next();
      this.countTerms(token.position, 1);
      return { kind: 'compare', attribute, op: COMPARISONS.get(token.text)!, value: this.literal(`after ${token.text}`) };
    }
    if (this.acceptKeyword('IS')) return this.isNull(attribute);
    const negated = this.acceptKeyword('NOT');
    const operator = this.peek();
    if (operator.type === 'word') {
      if (operator.upper === 'IN') return this.inList(attribute, negated);
      if (operator.upper === 'LIKE' || operator.upper === 'ILIKE') return this.like(attribute, negated, operator.upper === 'ILIKE');
      if (operator.upper === 'BETWEEN') return this.between(attribute, negated);
      if (!negated && TEMPORAL.has(operator.upper))
        throw cqlError(`Temporal predicate ${operator.upper} is not supported`, operator.position);
    }
    const expected = negated ? 'IN, LIKE, ILIKE or BETWEEN after NOT' : `an operator after attribute "${echo(attribute.name)}"`;
    throw cqlError(`Expected ${expected}, found ${describe(operator)}`, operator.position);
  }

  private isNull(attribute: CqlAttributeRef): CqlNode {
    const negated = this.acceptKeyword('NOT');
    const token = this.peek();
    if (!this.acceptKeyword('NULL'))
      throw cqlError(`Expected NULL after IS${negated ? ' NOT' : ''}, found ${describe(token)}`, token.position);
    this.countTerms(token.position, 1);
    return { kind: 'isNull', attribute, negated };
  }

  private inList(attribute: CqlAttributeRef, negated: boolean): CqlNode {
    this.next();
    this.expectSymbol('(', 'after IN');
    const values: CqlLiteral[] = [];
    do {
      this.countTerms(this.peek().position, 1);
      values.push(this.literal('in IN list'));
    } while (this.acceptSymbol(','));
    this.expectSymbol(')', 'or "," in IN list');
    return { kind: 'in', attribute, negated, values };
  }

  private like(attribute: CqlAttributeRef, negated: boolean, caseInsensitive: boolean): CqlNode {
    const operator = this.next();
    const token = this.peek();
    if (token.type !== 'string')
      throw cqlError(`Expected a quoted pattern after ${caseInsensitive ? 'ILIKE' : 'LIKE'}, found ${describe(token)}`, token.position);
    this.next();
    this.countTerms(operator.position, 1);
    const escape = this.likeEscape(token.value, token.position);
    return {
      kind: 'like',
      attribute,
      negated,
      caseInsensitive,
      pattern: { kind: 'string', value: token.value, position: token.position },
      escape,
    };
  }

  /**
   * The optional `ESCAPE 'c'` after a LIKE pattern (SQL's syntax, which PostgreSQL runs as is). One
   * character other than `%` and `_`, or `''` for none; the pattern may not end in an unpaired escape.
   */
  private likeEscape(pattern: string, patternPosition: number): string | null {
    const keyword = this.peek();
    if (!this.acceptKeyword('ESCAPE')) return null;
    const token = this.peek();
    if (token.type !== 'string') throw cqlError(`Expected a quoted character after ESCAPE, found ${describe(token)}`, token.position);
    this.next();
    const characters = [...token.value];
    if (characters.length === 0) return null;
    if (characters.length > 1 || token.value === '%' || token.value === '_')
      throw cqlError(`ESCAPE '${echo(token.value)}'`, keyword.position, "the escape must be one character other than % and _, or ''");
    const escape = token.value;
    const chars = [...pattern];
    for (let i = 0; i < chars.length; i += 1) {
      if (chars[i] !== escape) continue;
      if (i === chars.length - 1)
        throw cqlError(
          'Pattern ends with its escape character',
          patternPosition,
          `write ${echo(escape + escape)} for the character itself`,
        );
      i += 1;
    }
    return escape;
  }

  private between(attribute: CqlAttributeRef, negated: boolean): CqlNode {
    const operator = this.next();
    this.countTerms(operator.position, 1);
    const low = this.literal('after BETWEEN');
    const and = this.peek();
    if (!this.acceptKeyword('AND')) throw cqlError(`Expected AND in BETWEEN, found ${describe(and)}`, and.position);
    const high = this.literal('after BETWEEN … AND');
    return { kind: 'between', attribute, negated, low, high };
  }

  private literal(context: string): CqlLiteral {
    const token = this.peek();
    if (token.type === 'string') {
      this.next();
      return { kind: 'string', value: token.value, position: token.position };
    }
    if (token.type === 'number') {
      this.next();
      return { kind: 'number', value: token.value, text: token.text, position: token.position };
    }
    if (token.type === 'word' && this.isCall()) throw callError(token);
    const hint = notALiteralHint(token, this.tokens[this.index + 1]);
    throw cqlError(`Expected a literal (quoted string or number) ${context}, found ${describe(token)}`, token.position, hint);
  }

  private isCall(): boolean {
    const following = this.tokens[this.index + 1];
    return following?.type === 'symbol' && following.text === '(';
  }

  private enter(position: number): void {
    this.depth += 1;
    if (this.depth > this.maxDepth) throw cqlError(`Nesting deeper than ${this.maxDepth} levels`, position);
  }

  private countTerms(position: number, count: number): void {
    this.terms += count;
    if (this.terms > this.maxTerms) throw cqlError(`More than ${this.maxTerms} terms`, position);
  }

  /** The list always ends with an `end` token and `next` never moves past it. */
  private peek(): CqlToken {
    return this.tokens[this.index]!;
  }

  private next(): CqlToken {
    const token = this.peek();
    if (token.type !== 'end') this.index += 1;
    return token;
  }

  private acceptKeyword(keyword: string): boolean {
    const token = this.peek();
    if (token.type !== 'word' || token.upper !== keyword) return false;
    this.next();
    return true;
  }

  private acceptSymbol(symbol: CqlSymbol): boolean {
    const token = this.peek();
    if (token.type !== 'symbol' || token.text !== symbol) return false;
    this.next();
    return true;
  }

  private expectSymbol(symbol: CqlSymbol, context: string): void {
    const token = this.peek();
    if (!this.acceptSymbol(symbol)) throw cqlError(`Expected "${symbol}" ${context}, found ${describe(token)}`, token.position);
  }
}

/** Why a token someone may have meant as a literal is not one. */
function notALiteralHint(token: CqlToken, following: CqlToken | undefined): string | undefined {
  if (token.type === 'quoted') return 'an attribute on the right is not supported';
  if (token.type !== 'word') return undefined;
  if (following?.type === 'string' && following.position === token.position + token.text.length)
    return `prefixed strings such as ${echo(token.text)}'…' are not supported`;
  if (token.upper === 'NULL') return 'use IS NULL or IS NOT NULL';
  if (token.upper === 'NAN' || token.upper === 'INFINITY') return 'only finite numbers are supported';
  return KEYWORDS.has(token.upper) ? undefined : 'an attribute on the right is not supported';
}

function callError(token: CqlToken & { type: 'word' }) {
  const what = SPATIAL.has(token.upper) ? `Spatial predicate ${token.upper}` : `Function call ${echo(token.text)}()`;
  return cqlError(`${what} is not supported`, token.position);
}

function describe(token: CqlToken): string {
  switch (token.type) {
    case 'end':
      return 'end of filter';
    case 'word':
      return KEYWORDS.has(token.upper) ? token.upper : `identifier "${echo(token.text)}"`;
    case 'quoted':
      return `attribute "${echo(token.text)}"`;
    case 'string':
      return `string '${echo(token.value)}'`;
    case 'number':
      return `number ${echo(token.text)}`;
    case 'symbol':
      return `"${token.text}"`;
  }
}
