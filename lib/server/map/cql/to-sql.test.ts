import { CqlError, compileCql, cqlToSql, parseCql, type CqlWhitelist } from './index';
import { isIsoDate } from './to-sql';

const whitelist: CqlWhitelist = {
  xzqdm: { column: '"xzqdm"', type: 'text' },
  stage: { column: 's.stage', type: 'text' },
  tblx: { column: 'tblx', type: 'text' },
  batch: { column: 'batch', type: 'number' },
  Acquired: { column: 'm.acquired_at', type: 'date' },
  province: { column: "left(r.code, 2) || '0000'", type: 'text' },
  name: { column: 'r.name_zh', type: 'text' },
};

function thrown(run: () => unknown): CqlError {
  try {
    run();
  } catch (error) {
    if (error instanceof CqlError) return error;
    throw error;
  }
  throw new Error('expected a CqlError');
}

describe('compileCql', () => {
  it.each<[string, string, Array<string | number>]>([
    ["xzqdm = '130100' AND stage IN ('1','2')", '(("xzqdm" = $1::text) AND (s.stage IN ($2::text, $3::text)))', ['130100', '1', '2']],
    [
      "NOT (tblx LIKE '%耕地%') OR batch BETWEEN 20240101 AND 20241231",
      "((NOT (tblx LIKE $1::text ESCAPE '')) OR (batch BETWEEN $2::double precision AND $3::double precision))",
      ['%耕地%', 20240101, 20241231],
    ],
    ['"xzqdm" = 130100', '("xzqdm" = $1::text)', ['130100']],
    ['"XZQDM" <> 130100.50', '("xzqdm" <> $1::text)', ['130100.50']],
    ['xzqdm = 1e3', '("xzqdm" = $1::text)', ['1000']],
    ["XzQdM = 'a' and BATCH >= '20240101'", '(("xzqdm" = $1::text) AND (batch >= $2::double precision))', ['a', 20240101]],
    ["acquired < '2024-03-01T08:00:00+08:00'", '(m.acquired_at < $1::timestamptz)', ['2024-03-01T08:00:00+08:00']],
    [
      "ACQUIRED not between '2024-01-01' and '2024-12-31'",
      '(m.acquired_at NOT BETWEEN $1::timestamptz AND $2::timestamptz)',
      ['2024-01-01', '2024-12-31'],
    ],
    ["name = '河北省'", '(r.name_zh = $1::text)', ['河北省']],
    ["name = 'O''Brien''s'", '(r.name_zh = $1::text)', ["O'Brien's"]],
    ["name = ''''", '(r.name_zh = $1::text)', ["'"]],
    ["name = ''", '(r.name_zh = $1::text)', ['']],
    ["name != 'a'", '(r.name_zh <> $1::text)', ['a']],
    ['batch < -1.5e-3', '(batch < $1::double precision)', [-0.0015]],
    ['batch <= .5 OR batch > 10', '((batch <= $1::double precision) OR (batch > $2::double precision))', [0.5, 10]],
    ["batch IN (1, '2', 3.5)", '(batch IN ($1::double precision, $2::double precision, $3::double precision))', [1, 2, 3.5]],
    ["stage NOT IN ('x')", '(s.stage NOT IN ($1::text))', ['x']],
    ["tblx ILIKE 'a\\_%'", "(tblx ILIKE $1::text ESCAPE '')", ['a\\_%']],
    ["tblx not like '%'", "(tblx NOT LIKE $1::text ESCAPE '')", ['%']],
    ["tblx ILIKE '%a\\_b%' ESCAPE '\\'", '(tblx ILIKE $1::text ESCAPE $2::text)', ['%a\\_b%', '\\']],
    [
      "tblx LIKE '!%%' ESCAPE '!' AND batch = 1",
      '((tblx LIKE $1::text ESCAPE $2::text) AND (batch = $3::double precision))',
      ['!%%', '!', 1],
    ],
    ["tblx LIKE '\\%' ESCAPE ''", "(tblx LIKE $1::text ESCAPE '')", ['\\%']],
    ['xzqdm IS NULL', '("xzqdm" IS NULL)', []],
    ['acquired is not null', '(m.acquired_at IS NOT NULL)', []],
    ["province = '130000'", "((left(r.code, 2) || '0000') = $1::text)", ['130000']],
    ['INCLUDE', '(TRUE)', []],
    ['exclude OR batch = 1', '((FALSE) OR (batch = $1::double precision))', [1]],
    [
      "(xzqdm = '1' OR xzqdm = '2') AND batch = 3",
      '((("xzqdm" = $1::text) OR ("xzqdm" = $2::text)) AND (batch = $3::double precision))',
      ['1', '2', 3],
    ],
    [
      "xzqdm = '1' OR xzqdm = '2' AND NOT batch = 3",
      '(("xzqdm" = $1::text) OR (("xzqdm" = $2::text) AND (NOT (batch = $3::double precision))))',
      ['1', '2', 3],
    ],
    ["\t xzqdm\n=\r\n'1' ", '("xzqdm" = $1::text)', ['1']],
  ])('%s', (input, sql, params) => {
    expect(compileCql(input, whitelist, 1)).toEqual({ sql, params });
  });

  it('numbers placeholders from firstParamIndex', () => {
    expect(compileCql("xzqdm IN ('1', '2') AND batch = 3", whitelist, 7)).toEqual({
      sql: '(("xzqdm" IN ($7::text, $8::text)) AND (batch = $9::double precision))',
      params: ['1', '2', 3],
    });
  });

  it('rejects a firstParamIndex that is not a positive integer', () => {
    expect(() => compileCql('batch = 1', whitelist, 0)).toThrow(RangeError);
    expect(() => compileCql('batch = 1', whitelist, 1.5)).toThrow(RangeError);
  });

  it.each<[string, number, RegExp]>([
    ['foo = 1', 0, /^Unknown attribute "foo" at 0; allowed: xzqdm, stage, tblx, batch, Acquired, province, name$/],
    ["xzqdm = '1' AND code = '2'", 16, /Unknown attribute "code"/],
    ["batch = 'abc'", 8, /Expected a number for "batch", found string 'abc'/],
    ["batch = ' 1'", 8, /Expected a number/],
    ["batch = ''", 8, /Expected a number/],
    ["batch IN (1, 'x')", 13, /Expected a number/],
    ["batch = '1e999'", 8, /Expected a number/],
    ['acquired = 20240101', 11, /Expected a date .* found number 20240101/],
    ["acquired = '2024-13-01'", 11, /Expected a date/],
    ["acquired BETWEEN '2024-01-01' AND 'tomorrow'", 34, /Expected a date/],
    ["batch LIKE '1%'", 0, /^LIKE on number attribute "batch" at 0; LIKE needs a text attribute$/],
    ["acquired ILIKE '2024%'", 0, /ILIKE on date attribute/],
  ])('%s is rejected at %i', (input, position, message) => {
    const error = thrown(() => compileCql(input, whitelist, 1));
    expect(error.message).toMatch(message);
    expect(error.position).toBe(position);
  });

  it('does not match attribute names through Unicode case folding', () => {
    // U+212A KELVIN SIGN lower-cases to "k" in Unicode, but must not reach a whitelisted "key".
    expect(() => compileCql('"\u212Aey" = 1', { key: { column: 'k', type: 'number' } }, 1)).toThrow(/Unknown attribute/);
  });

  it('says when a layer has no filterable attributes', () => {
    expect(thrown(() => compileCql('a = 1', {}, 1)).message).toBe('Unknown attribute "a" at 0; allowed: (none)');
  });
});

describe('cqlToSql', () => {
  it('translates a tree it did not parse itself', () => {
    const tree = parseCql("stage = '2'");
    expect(cqlToSql(tree, whitelist, 2)).toEqual({ sql: '(s.stage = $2::text)', params: ['2'] });
  });

  it('never copies an operator from a hand-made tree into SQL', () => {
    const tree = {
      kind: 'compare',
      attribute: { name: 'stage', position: 0 },
      op: '= 1 OR 1 =',
      value: { kind: 'number', value: 1, text: '1', position: 9 },
    };
    expect(() => cqlToSql(tree as never, whitelist, 1)).toThrow(CqlError);
  });
});

describe('isIsoDate', () => {
  it.each([
    '2024-02-29',
    '2000-02-29',
    '2024-01-01T00:00',
    '2024-01-01T23:59:59',
    '2024-01-01T23:59:59.123456Z',
    '2024-06-30T12:00:00+0800',
    '2024-06-30T12:00:00-05',
  ])('accepts %s', (text) => expect(isIsoDate(text)).toBe(true));

  it.each([
    '2023-02-29',
    '1900-02-29',
    '2024-04-31',
    '0000-01-01',
    '2024-1-1',
    '2024-01-01 00:00',
    '2024-01-01T24:00',
    '2024-01-01T10:60',
    'today',
    '2024-01-01T00:00:00+16:00',
  ])('rejects %s', (text) => expect(isIsoDate(text)).toBe(false));
});
