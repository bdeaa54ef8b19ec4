import { CqlError } from './error';
import { parseCql, type CqlLimits } from './parse';

function errorOf(input: string, limits?: CqlLimits): CqlError {
  try {
    parseCql(input, limits);
  } catch (error) {
    if (error instanceof CqlError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
}

const a = (position: number) => ({ name: 'a', position });

describe('parseCql', () => {
  it('binds NOT tighter than AND, and AND tighter than OR', () => {
    expect(parseCql('a = 1 OR NOT a = 2 AND a = 3')).toEqual({
      kind: 'or',
      operands: [
        { kind: 'compare', attribute: a(0), op: '=', value: { kind: 'number', value: 1, text: '1', position: 4 } },
        {
          kind: 'and',
          operands: [
            {
              kind: 'not',
              operand: { kind: 'compare', attribute: a(13), op: '=', value: { kind: 'number', value: 2, text: '2', position: 17 } },
            },
            { kind: 'compare', attribute: a(23), op: '=', value: { kind: 'number', value: 3, text: '3', position: 27 } },
          ],
        },
      ],
    });
  });

  it('lets parentheses override precedence and flattens chains', () => {
    expect(parseCql('(a IS NULL OR a IS NULL OR a IS NULL) and a is not null')).toEqual({
      kind: 'and',
      operands: [
        {
          kind: 'or',
          operands: [
            { kind: 'isNull', attribute: a(1), negated: false },
            { kind: 'isNull', attribute: a(14), negated: false },
            { kind: 'isNull', attribute: a(27), negated: false },
          ],
        },
        { kind: 'isNull', attribute: a(42), negated: true },
      ],
    });
  });

  it('reads IN, LIKE, ILIKE, BETWEEN with and without NOT, case-insensitively', () => {
    expect(parseCql("a not in ('x', 2)")).toMatchObject({
      kind: 'in',
      negated: true,
      values: [
        { kind: 'string', value: 'x' },
        { kind: 'number', value: 2 },
      ],
    });
    expect(parseCql("a LiKe 'x%'")).toMatchObject({ kind: 'like', negated: false, caseInsensitive: false, pattern: { value: 'x%' } });
    expect(parseCql("a NOT ILIKE '_'")).toMatchObject({ kind: 'like', negated: true, caseInsensitive: true });
    expect(parseCql('a between 1 AND 2')).toMatchObject({ kind: 'between', negated: false, low: { value: 1 }, high: { value: 2 } });
    expect(parseCql("a NOT BETWEEN 'a' AND 'b'")).toMatchObject({ kind: 'between', negated: true });
  });

  it('reads an optional ESCAPE character after a LIKE pattern', () => {
    expect(parseCql("a LIKE 'x%'")).toMatchObject({ kind: 'like', escape: null });
    expect(parseCql("a ILIKE '%a\\_b%' ESCAPE '\\'")).toMatchObject({
      kind: 'like',
      caseInsensitive: true,
      pattern: { value: '%a\\_b%' },
      escape: '\\',
    });
    expect(parseCql("a not like '!%!!' escape '!' AND a IS NULL")).toMatchObject({
      kind: 'and',
      operands: [{ kind: 'like', negated: true, pattern: { value: '!%!!' }, escape: '!' }, { kind: 'isNull' }],
    });
    // ESCAPE '' is the default: no escape character at all.
    expect(parseCql("a LIKE '\\' ESCAPE ''")).toMatchObject({ pattern: { value: '\\' }, escape: null });
    expect(parseCql("a LIKE '耕地' ESCAPE '耕'")).toMatchObject({ escape: '耕' });
  });

  it('normalises != to <>', () => {
    expect(parseCql('a != 1')).toMatchObject({ kind: 'compare', op: '<>' });
  });

  it('reads INCLUDE and EXCLUDE as constants', () => {
    expect(parseCql('include')).toEqual({ kind: 'constant', value: true });
    expect(parseCql('NOT EXCLUDE')).toEqual({ kind: 'not', operand: { kind: 'constant', value: false } });
  });

  it('takes a double-quoted attribute name, including a keyword', () => {
    expect(parseCql('"and" = 1')).toMatchObject({ attribute: { name: 'and', position: 0 } });
  });

  it.each<[string, number, RegExp]>([
    ['', 0, /^Empty filter at 0$/],
    ['   ', 0, /^Empty filter/],
    ["'1' = a", 0, /^Expected an attribute, found string '1' at 0; the attribute must be on the left/],
    ['1 = 1', 0, /found number 1 at 0; the attribute must be on the left/],
    ['a = b', 4, /^Expected a literal \(quoted string or number\) after =, found identifier "b" at 4; an attribute on the right/],
    ['a = "b"', 4, /found attribute "b"/],
    ['a = NULL', 4, /found NULL at 4; use IS NULL/],
    ['a = 1 AND', 9, /^Expected an attribute or "\(", found end of filter at 9$/],
    ['a = 1 b = 2', 6, /^Expected AND, OR or end of filter, found identifier "b" at 6$/],
    ['(a = 1', 6, /^Expected AND, OR or "\)", found end of filter at 6$/],
    ['a = 1)', 5, /found "\)" at 5/],
    ['a 1', 2, /^Expected an operator after attribute "a", found number 1 at 2$/],
    ['a == 1', 3, /found "=" at 3/],
    ['a NOT = 1', 6, /^Expected IN, LIKE, ILIKE or BETWEEN after NOT, found "="/],
    ['a IS 1', 5, /^Expected NULL after IS, found number 1/],
    ['a IS NOT 1', 9, /^Expected NULL after IS NOT/],
    ['a IN 1', 5, /^Expected "\(" after IN, found number 1/],
    ['a IN ()', 6, /^Expected a literal .* in IN list, found "\)"/],
    ['a IN (1 2)', 8, /^Expected "\)" or "," in IN list, found number 2/],
    ['a IN (1,)', 8, /found "\)"/],
    ['a LIKE 1', 7, /^Expected a quoted pattern after LIKE, found number 1/],
    ['a BETWEEN 1 OR 2', 12, /^Expected AND in BETWEEN, found OR/],
    ['a BETWEEN 1', 11, /^Expected AND in BETWEEN, found end of filter at 11$/],
    ['upper(a) = 1', 0, /^Function call upper\(\) is not supported at 0$/],
    ['a = now()', 4, /^Function call now\(\) is not supported/],
    ['BBOX(geom, 1, 2, 3, 4)', 0, /^Spatial predicate BBOX is not supported/],
    ['intersects(geom, POINT(1 2))', 0, /^Spatial predicate INTERSECTS/],
    ["a AFTER '2024-01-01'", 2, /^Temporal predicate AFTER is not supported/],
    ['AND = 1', 0, /found AND at 0/],
    ["a LIKE 'x' ESCAPE", 17, /^Expected a quoted character after ESCAPE, found end of filter at 17$/],
    ["a LIKE 'x' ESCAPE 1", 18, /^Expected a quoted character after ESCAPE, found number 1/],
    ["a LIKE 'x' ESCAPE '!!'", 11, /^ESCAPE '!!' at 11; the escape must be one character other than % and _/],
    ["a LIKE 'x' ESCAPE '%'", 11, /^ESCAPE '%' at 11/],
    ["a LIKE 'x' ESCAPE '_'", 11, /^ESCAPE '_' at 11/],
    ["a LIKE 'ab!' ESCAPE '!'", 7, /^Pattern ends with its escape character at 7; write !! for the character itself$/],
    ["a LIKE 'a!!!' ESCAPE '!'", 7, /^Pattern ends with its escape character/],
    ["a = 'x' ESCAPE '!'", 8, /^Expected AND, OR or end of filter, found ESCAPE at 8$/],
    ["escape = 'x'", 0, /^Expected an attribute or "\(", found ESCAPE at 0$/],
  ])('rejects %j at %i', (input, position, message) => {
    const error = errorOf(input);
    expect(error.message).toMatch(message);
    expect(error.position).toBe(position);
  });

  describe('limits', () => {
    it('keeps the defaults for limits passed as undefined', () => {
      expect(errorOf(`${'('.repeat(21)}a = 1${')'.repeat(21)}`, { maxDepth: undefined }).message).toMatch(/^Nesting deeper than 20/);
    });

    it('rejects input longer than maxLength before reading it', () => {
      expect(errorOf(`a = '${'x'.repeat(4000)}'`).message).toBe('Filter longer than 4000 characters at 4000');
      expect(errorOf('a = 1 OR a = 2', { maxLength: 10 }).position).toBe(10);
      expect(() => parseCql('a = 1', { maxLength: 5 })).not.toThrow();
    });

    it('rejects nesting deeper than maxDepth', () => {
      expect(() => parseCql(`${'('.repeat(20)}a = 1${')'.repeat(20)}`)).not.toThrow();
      const error = errorOf(`${'('.repeat(21)}a = 1${')'.repeat(21)}`);
      expect(error.message).toBe('Nesting deeper than 20 levels at 20');
      expect(errorOf(`${'NOT '.repeat(4)}a = 1`, { maxDepth: 3 }).position).toBe(12);
      expect(errorOf('(NOT (NOT a = 1))', { maxDepth: 3 }).position).toBe(6);
    });

    it('counts predicates and list items against maxTerms', () => {
      const items = (n: number) => Array.from({ length: n }, (_, i) => i).join(',');
      expect(() => parseCql(`a IN (${items(200)})`)).not.toThrow();
      expect(errorOf(`a IN (${items(201)})`).message).toMatch(/^More than 200 terms at \d+$/);
      expect(errorOf('a = 1 OR a = 2 OR a IN (3, 4)', { maxTerms: 3 }).position).toBe(27);
      expect(errorOf('INCLUDE AND a IS NULL', { maxTerms: 1 }).position).toBe(17);
    });
  });
});
