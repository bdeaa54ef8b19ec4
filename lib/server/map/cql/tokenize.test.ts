import { CqlError } from './error';
import { tokenize } from './tokenize';

function errorOf(input: string): CqlError {
  try {
    tokenize(input);
  } catch (error) {
    if (error instanceof CqlError) return error;
    throw error;
  }
  throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
}

describe('tokenize', () => {
  it('splits words, quoted names, strings, numbers and symbols with their offsets', () => {
    expect(tokenize(`"Code" <>'a''b' AND x>=-1.5e3`)).toEqual([
      { type: 'quoted', text: 'Code', position: 0 },
      { type: 'symbol', text: '<>', position: 7 },
      { type: 'string', value: "a'b", position: 9 },
      { type: 'word', text: 'AND', upper: 'AND', position: 16 },
      { type: 'word', text: 'x', upper: 'X', position: 20 },
      { type: 'symbol', text: '>=', position: 21 },
      { type: 'number', value: -1500, text: '-1.5e3', position: 23 },
      { type: 'end', position: 29 },
    ]);
  });

  it('keeps the characters of a string literal as they are', () => {
    expect(tokenize("'耕地 -- ; /* \\ \" $$ \u00e9\t\n'")[0]).toEqual({
      type: 'string',
      value: '耕地 -- ; /* \\ " $$ \u00e9\t\n',
      position: 0,
    });
  });

  it('unescapes "" inside a quoted attribute name', () => {
    expect(tokenize('"a""b"')[0]).toEqual({ type: 'quoted', text: 'a"b', position: 0 });
  });

  it.each([
    ['12', 12],
    ['-7', -7],
    ['0.25', 0.25],
    ['.5', 0.5],
    ['-.5', -0.5],
    ['3.', 3],
    ['1E2', 100],
    ['2e-2', 0.02],
    ['2e+2', 200],
  ])('reads the number %s', (text, value) => {
    expect(tokenize(text)[0]).toMatchObject({ type: 'number', value, text });
  });

  it.each<[string, number, RegExp]>([
    ["a = 'abc", 4, /^Unterminated string starting at 4$/],
    ['"abc = 1', 0, /^Unterminated quoted attribute name/],
    ['"" = 1', 0, /^Empty quoted attribute name/],
    ["a = 'x\0y'", 6, /^NUL character in string at 6$/],
    ['a = 1\0', 5, /^Control character \(U\+0000\) at 5$/],
    ['a\u0007= 1', 1, /^Control character \(U\+0007\)/],
    ['a = 1\u0085', 5, /^Control character \(U\+0085\)/],
    ['"a\u0001" = 1', 2, /^Control character/],
    ['a = 1e999', 4, /^Number 1e999 out of range/],
    ['a = 12abc', 4, /^Malformed number "12a"/],
    ['a = 1.2.3', 4, /^Malformed number/],
    ['a = 1 -- x', 6, /^Comment "--" is not supported/],
    ['a = 1 /* x */', 6, /^Comment "\/\*" is not supported/],
    ['a::text = 1', 1, /^Cast "::" is not supported/],
    ['a = 1; b = 2', 5, /^Unexpected ";"/],
    ['a = 1 + 2', 6, /^Arithmetic operator "\+" is not supported/],
    ['a = - 1', 4, /^Arithmetic operator "-"/],
    ['a = $$x$$', 4, /^Unexpected character "\$" at 4$/],
    ['a = \u2018x\u2019', 4, /^Unexpected character "\u2018" \(U\+2018\) at 4$/],
    ['r.code = 1', 1, /^Unexpected character "\."/],
    ['a\u00a0= 1', 1, /\(U\+00A0\)/],
    ['a\u200b= 1', 1, /"\\u200b" \(U\+200B\)/],
  ])('rejects %j at %i', (input, position, message) => {
    const error = errorOf(input);
    expect(error.message).toMatch(message);
    expect(error.position).toBe(position);
  });
});
