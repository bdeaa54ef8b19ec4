/**
 * Hostile CQL_FILTER values must all end in a CqlError (so no SQL runs), and whatever is accepted must
 * come out as SQL built only from whitelisted column expressions, keywords and placeholders.
 */
import { CqlError, compileCql, type CqlValueType, type CqlWhitelist } from './index';

const whitelist: CqlWhitelist = {
  xzqdm: { column: '"xzqdm"', type: 'text' },
  stage: { column: 's.stage', type: 'text' },
  tblx: { column: 'tblx', type: 'text' },
  province: { column: "left(r.code, 2) || '0000'", type: 'text' },
  batch: { column: 'batch', type: 'number' },
  acquired: { column: 'm.acquired_at', type: 'date' },
};

const hostile: readonly string[] = [
  // comments and stacked statements
  "xzqdm = '1' -- comment",
  "xzqdm = '1' /* comment */",
  "xzqdm = '1'/**/OR/**/1=1",
  "xzqdm = '1'; DROP TABLE users",
  "xzqdm = '1';DELETE FROM spots;--",
  "xzqdm IN ('1'); SELECT 1",
  'INCLUDE; DROP TABLE users',
  // classic quote breaking and tautologies
  "' OR '1'='1",
  "xzqdm = '' OR '1'='1'",
  "xzqdm = 'a'' OR ''1''=''1",
  '1=1',
  "xzqdm = '1' OR 1=1",
  "xzqdm = '1' OR TRUE",
  "'130100' = xzqdm",
  "xzqdm LIKE '%' OR '1' LIKE '1'",
  "xzqdm = '1') OR (1=1",
  // attributes that are not whitelisted, real or smuggled
  "password_hash = 'x'",
  '"password_hash" IS NOT NULL',
  'geom IS NOT NULL',
  "r.code = '1'",
  "ctid = '(0,1)'",
  'xzqdm = \'1\' AND "stage""; DROP TABLE users; --" = \'1\'',
  '"xzqdm" = \'1\' OR "xzqdm = xzqdm" IS NULL',
  'tblx LIKE xzqdm',
  'xzqdm = stage',
  // functions, subqueries, set operations, casts, operators
  'xzqdm = pg_sleep(10)',
  'pg_sleep(10) IS NULL',
  "xzqdm = '1' OR pg_catalog.pg_sleep(1) IS NULL",
  'xzqdm = CHR(39)',
  'xzqdm IN (SELECT code FROM regions)',
  'xzqdm = (SELECT 1)',
  "xzqdm = '1' UNION SELECT password_hash FROM users",
  "xzqdm = '1' OR xzqdm = '2' ORDER BY 1",
  "xzqdm::text = '1'",
  "xzqdm = '1'::text",
  "xzqdm = '1' || '2'",
  'batch = 1 + 1',
  'xzqdm = @@version',
  "xzqdm = '1' #",
  'BBOX(geom, 0, 0, 1, 1)',
  "INTERSECTS(geom, POINT(116 40)) OR xzqdm = '1'",
  // other string syntaxes
  "xzqdm = \\' OR 1=1 --",
  "xzqdm LIKE '%' ESCAPE '\\\\'",
  "xzqdm LIKE '%' ESCAPE '\\' OR 1=1",
  "xzqdm LIKE '%' ESCAPE E'\\\\'",
  "xzqdm LIKE '%' ESCAPE xzqdm",
  "xzqdm LIKE '%' ESCAPE chr(92)",
  "xzqdm LIKE 'a\\' ESCAPE '\\'",
  'xzqdm = $$1$$',
  'xzqdm = $tag$1$tag$',
  'xzqdm = $1',
  "xzqdm = E'\\x27 OR 1=1'",
  "xzqdm = U&'\\0041'",
  "xzqdm = N'1'",
  "xzqdm = B'1'",
  // look-alike quotes, letters and spaces
  'xzqdm = \u20181\u2019',
  'xzqdm = \uff071\uff07',
  "xzqdm \uff1d '1'",
  "xzqdm = '1' \uff2f\uff32 1=1",
  "\u0445zqdm = '1'",
  '"\u0445zqdm" = \'1\'',
  '"\u212Aey" = \'1\'',
  "xzqdm\u2028= '1'",
  "xzqdm\u200b= '1'",
  // NUL and control characters
  "xzqdm = '1\0'",
  "xzqdm = '1'\0",
  "xzqdm = '1'\u001a",
  // limits
  `xzqdm = '1' OR xzqdm = '${'a'.repeat(5000)}'`,
  `${'('.repeat(1000)}xzqdm = '1'${')'.repeat(1000)}`,
  `${'NOT '.repeat(100)}xzqdm = '1'`,
  `xzqdm IN (${Array.from({ length: 300 }, (_, i) => i).join(',')})`,
  Array.from({ length: 201 }, (_, i) => `batch=${i}`).join(' OR '),
  // numbers PostgreSQL or JavaScript cannot hold
  'batch = 1e999',
  'batch = -1e999',
  'batch = NaN',
  'batch = Infinity',
  'batch = -Infinity',
  "batch = 'NaN'",
  "batch = 'Infinity'",
  "batch = '1e999'",
  'batch = 0x31',
  "batch = '1; DROP TABLE users'",
  // type confusion and broken input
  "acquired = '2024-01-01'' OR ''1''=''1'",
  "acquired = '2024-01-01; DROP TABLE users'",
  "batch LIKE '1%'",
  "xzqdm = 'unterminated",
  'xzqdm = 1 OR',
  '',
];

describe('hostile filters', () => {
  it('has a corpus of at least 40 inputs', () => {
    expect(hostile.length).toBeGreaterThanOrEqual(40);
  });

  it.each(hostile.map((input) => [input.length > 80 ? `${input.slice(0, 77)}…` : input, input]))('rejects %j', (_label, input) => {
    let error: unknown;
    try {
      compileCql(input, whitelist, 1);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CqlError);
    const { message, position } = error as CqlError;
    expect(position).toBeGreaterThanOrEqual(0);
    expect(position).toBeLessThanOrEqual(input.length);
    expect(message.length).toBeLessThan(300);
    expect(message).not.toMatch(/[\p{Cc}\p{Cf}]/u);
  });
});

/** Small seeded PRNG (mulberry32) so the generated cases are the same on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FRAGMENTS = [
  "'",
  "''",
  '"',
  ';',
  '--',
  '/*',
  '*/',
  '\\',
  '$$',
  '$1',
  '::',
  ')',
  '(',
  ' OR 1=1',
  'DROP TABLE users',
  '耕地',
  'é',
  "E'",
  '%',
  '_',
  'xzqdm',
  '\u2019',
  '\t',
  '§',
];
const DATES = ['2024-01-01', '1999-12-31', '2024-02-29T23:59:59Z', '2024-06-30T08:00:00+08:00', '2024-03-01T12:30'];

/** Whether the pattern ends with an escape character that escapes nothing. */
function dangles(pattern: string, escape: string): boolean {
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i += 1) if (chars[i] === escape && ++i === chars.length) return true;
  return false;
}

interface Generated {
  cql: string;
  params: Array<string | number>;
}

function generator(next: () => number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const names = Object.keys(whitelist);

  const attribute = (name: string) => {
    const cased = Array.from(name, (c) => (next() < 0.5 ? c.toUpperCase() : c)).join('');
    return next() < 0.3 ? `"${cased}"` : cased;
  };
  const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;
  const text = () => Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(FRAGMENTS)).join('');
  const number = () => pick([Math.floor(next() * 1e6), -(1 + Math.floor(next() * 1000)), next() * 100, next() * 1e-7, 1.5e21]);

  const literal = (type: CqlValueType): Generated => {
    if (type === 'date') {
      const value = pick(DATES);
      return { cql: quote(value), params: [value] };
    }
    if (type === 'number') {
      const value = number();
      return { cql: next() < 0.7 ? String(value) : quote(String(value)), params: [value] };
    }
    if (next() < 0.2) {
      const value = Math.floor(next() * 1e6);
      return { cql: String(value), params: [String(value)] };
    }
    const value = text();
    return { cql: quote(value), params: [value] };
  };

  const predicate = (): Generated => {
    const name = pick(names);
    const { type } = whitelist[name]!;
    const left = attribute(name);
    const not = next() < 0.3 ? 'NOT ' : '';
    const form = pick(type === 'text' ? ['compare', 'in', 'between', 'null', 'like'] : ['compare', 'in', 'between', 'null']);
    if (form === 'compare') {
      const value = literal(type);
      return { cql: `${left} ${pick(['=', '<>', '!=', '<', '<=', '>', '>='])} ${value.cql}`, params: value.params };
    }
    if (form === 'in') {
      const values = Array.from({ length: 1 + Math.floor(next() * 4) }, () => literal(type));
      return { cql: `${left} ${not}IN (${values.map((v) => v.cql).join(', ')})`, params: values.flatMap((v) => v.params) };
    }
    if (form === 'between') {
      const [low, high] = [literal(type), literal(type)];
      return { cql: `${left} ${not}BETWEEN ${low.cql} AND ${high.cql}`, params: [...low.params, ...high.params] };
    }
    if (form === 'like') {
      const pattern = text();
      const escape = next() < 0.4 ? pick(['\\', '!', "'", '耕', '$']) : null;
      // An unpaired escape at the very end of the pattern would be refused: pair it.
      const safe = escape && dangles(pattern, escape) ? pattern + escape : pattern;
      const like = `${left} ${not}${pick(['LIKE', 'ILIKE'])} ${quote(escape ? safe : pattern)}`;
      if (!escape) return { cql: like, params: [pattern] };
      return { cql: `${like} ${pick(['ESCAPE', 'escape'])} ${quote(escape)}`, params: [safe, escape] };
    }
    return { cql: `${left} IS ${not}NULL`, params: [] };
  };

  const expression = (depth: number): Generated => {
    const roll = next();
    if (depth > 3 || roll < 0.4) return next() < 0.05 ? { cql: pick(['INCLUDE', 'EXCLUDE']), params: [] } : predicate();
    if (roll < 0.55) {
      const inner = expression(depth + 1);
      return { cql: `NOT (${inner.cql})`, params: inner.params };
    }
    const [left, right] = [expression(depth + 1), expression(depth + 1)];
    const cql = `(${left.cql}) ${pick(['AND', 'OR', 'and', 'Or'])} (${right.cql})`;
    return { cql, params: [...left.params, ...right.params] };
  };

  return () => expression(0);
}

const COLUMNS = Object.values(whitelist)
  .map((a) => a.column)
  .sort((x, y) => y.length - x.length);
const VOCABULARY_TEXT =
  "$0123456789 ::text ::double precision ::timestamptz AND OR NOT IN LIKE ILIKE BETWEEN IS NULL TRUE FALSE ESCAPE '' <> <= >= = < > ( ) ,";
const VOCABULARY =
  /\$\d+::(?:text|double precision|timestamptz)|\b(?:AND|OR|NOT|IN|I?LIKE|BETWEEN|IS|NULL|TRUE|FALSE)\b|ESCAPE(?: '')?|<>|<=|>=|[=<>(),\s]/g;

/** What is left of the SQL once every allowed piece is taken out: must be nothing. */
function leftover(sql: string): string {
  let rest = sql;
  for (const column of COLUMNS) rest = rest.split(`(${column})`).join(' ').split(column).join(' ');
  return rest.replace(VOCABULARY, '');
}

describe('accepted filters (generated)', () => {
  const generate = generator(random(20240101));
  const cases = Array.from({ length: 400 }, generate);
  const vocabularyCharacters = new Set([...COLUMNS.join(''), ...VOCABULARY_TEXT]);

  it('generates filters that are all accepted, with the literals as parameters in order', () => {
    for (const { cql, params } of cases) {
      const first = 1 + (cql.length % 9);
      const compiled = compileCql(cql, whitelist, first);
      expect({ cql, params: compiled.params }).toEqual({ cql, params });
      const placeholders = [...compiled.sql.matchAll(/\$(\d+)::/g)].map((m) => Number(m[1]));
      expect(placeholders).toEqual(params.map((_, i) => first + i));
    }
  });

  it('builds SQL only from whitelisted columns, keywords and placeholders', () => {
    for (const { cql } of cases) {
      const { sql } = compileCql(cql, whitelist, 1);
      expect({ cql, leftover: leftover(sql) }).toEqual({ cql, leftover: '' });
    }
  });

  it('never puts a character of a literal into the SQL text', () => {
    for (const { cql, params } of cases) {
      const { sql } = compileCql(cql, whitelist, 1);
      const foreign = params.flatMap((p) => [...String(p)]).filter((c) => !vocabularyCharacters.has(c));
      for (const c of foreign) expect({ cql, found: sql.includes(c) ? c : null }).toEqual({ cql, found: null });
    }
  });

  it('detects SQL that smuggles text in (the check can fail)', () => {
    expect(leftover('("xzqdm" = $1::text) OR 1=1 --')).not.toBe('');
    expect(leftover("(tblx LIKE 'x' ESCAPE '')")).not.toBe('');
  });
});
