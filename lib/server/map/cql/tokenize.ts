import 'server-only';
/**
 * Splits a CQL filter into tokens. Anything our grammar has no use for (comments, casts, arithmetic,
 * semicolons, control characters, look-alike quotes, …) stops here with a CqlError naming it.
 */
import { cqlError, echo } from './error';

export type CqlSymbol = '(' | ')' | ',' | '=' | '<>' | '!=' | '<' | '<=' | '>' | '>=';

export type CqlToken =
  /** A bare identifier or keyword; `upper` is its ASCII upper case. */
  | { type: 'word'; text: string; upper: string; position: number }
  /** A double-quoted identifier, unescaped. */
  | { type: 'quoted'; text: string; position: number }
  | { type: 'string'; value: string; position: number }
  /** `text` is the number as written. */
  | { type: 'number'; value: number; text: string; position: number }
  | { type: 'symbol'; text: CqlSymbol; position: number }
  | { type: 'end'; position: number };

const WHITESPACE = new Set([' ', '\t', '\r', '\n']);
const SYMBOLS: readonly CqlSymbol[] = ['<>', '<=', '>=', '!=', '(', ')', ',', '=', '<', '>'];
const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const NUMBER_START = /-?\.?\d/y;
const WORD_OR_NUMBER_CHAR = /[A-Za-z0-9_.]/;

export function tokenize(input: string): CqlToken[] {
  const tokens: CqlToken[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input.charAt(i);
    if (WHITESPACE.has(c)) {
      i += 1;
      continue;
    }
    const token = readToken(input, i);
    tokens.push(token.token);
    i = token.end;
  }
  tokens.push({ type: 'end', position: input.length });
  return tokens;
}

function readToken(input: string, i: number): { token: CqlToken; end: number } {
  const c = input.charAt(i);
  if (c === "'") return readString(input, i);
  if (c === '"') return readQuoted(input, i);
  if (matchesAt(NUMBER_START, input, i)) return readNumber(input, i);
  if (/[A-Za-z_]/.test(c)) return readWord(input, i);
  const symbol = SYMBOLS.find((s) => input.startsWith(s, i));
  if (symbol) return { token: { type: 'symbol', text: symbol, position: i }, end: i + symbol.length };
  throw unexpectedCharacter(input, i);
}

function readString(input: string, start: number): { token: CqlToken; end: number } {
  let value = '';
  let i = start + 1;
  while (i < input.length) {
    const c = input.charAt(i);
    if (c === '\0') throw cqlError('NUL character in string', i);
    if (c === "'") {
      if (input.charAt(i + 1) !== "'") return { token: { type: 'string', value, position: start }, end: i + 1 };
      value += "'";
      i += 2;
      continue;
    }
    value += c;
    i += 1;
  }
  throw cqlError('Unterminated string starting', start);
}

function readQuoted(input: string, start: number): { token: CqlToken; end: number } {
  let text = '';
  let i = start + 1;
  while (i < input.length) {
    const c = input.charAt(i);
    if (isControl(c)) throw controlCharacter(input, i);
    if (c === '"') {
      if (input.charAt(i + 1) !== '"') {
        if (!text) throw cqlError('Empty quoted attribute name', start);
        return { token: { type: 'quoted', text, position: start }, end: i + 1 };
      }
      text += '"';
      i += 2;
      continue;
    }
    text += c;
    i += 1;
  }
  throw cqlError('Unterminated quoted attribute name starting', start);
}

function readNumber(input: string, start: number): { token: CqlToken; end: number } {
  NUMBER.lastIndex = start;
  const text = NUMBER.exec(input)![0];
  const end = start + text.length;
  if (end < input.length && WORD_OR_NUMBER_CHAR.test(input.charAt(end)))
    throw cqlError(`Malformed number "${echo(input.slice(start, end + 1))}"`, start);
  const value = Number(text);
  if (!Number.isFinite(value)) throw cqlError(`Number ${echo(text)} out of range`, start);
  return { token: { type: 'number', value, text, position: start }, end };
}

function readWord(input: string, start: number): { token: CqlToken; end: number } {
  WORD.lastIndex = start;
  const text = WORD.exec(input)![0];
  return { token: { type: 'word', text, upper: asciiUpper(text), position: start }, end: start + text.length };
}

function matchesAt(pattern: RegExp, input: string, i: number): boolean {
  pattern.lastIndex = i;
  return pattern.test(input);
}

/** Upper case of ASCII letters only, so look-alikes such as the Kelvin sign never become keywords. */
export function asciiUpper(text: string): string {
  return text.replace(/[a-z]/g, (c) => c.toUpperCase());
}

function isControl(c: string): boolean {
  return /\p{Cc}/u.test(c);
}

function unexpectedCharacter(input: string, i: number) {
  const c = input.charAt(i);
  const next = input.charAt(i + 1);
  if (isControl(c)) return controlCharacter(input, i);
  if ((c === '-' && next === '-') || (c === '/' && next === '*')) return cqlError(`Comment "${c}${next}" is not supported`, i);
  if (c === ':' && next === ':') return cqlError('Cast "::" is not supported', i);
  if (c === ';') return cqlError('Unexpected ";" (one filter expression only)', i);
  if ('+-*/%'.includes(c)) return cqlError(`Arithmetic operator "${c}" is not supported`, i);
  return cqlError(`Unexpected character "${echo(String.fromCodePoint(input.codePointAt(i)!))}"${codePoint(input, i)}`, i);
}

function controlCharacter(input: string, i: number) {
  return cqlError(`Control character${codePoint(input, i)}`, i);
}

function codePoint(input: string, i: number): string {
  const code = input.codePointAt(i)!;
  return code < 0x20 || code > 0x7e ? ` (U+${code.toString(16).toUpperCase().padStart(4, '0')})` : '';
}
