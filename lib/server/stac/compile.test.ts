import { Cql2Error, parseCql2Json, parseCql2Text } from '../../shared/cql2';
import type { SqlParam } from '../db/types';
import { compileCql2 } from './compile';
import { StacError } from './errors';
import { decodeToken, resolveSort, sortSignature } from './sort';

/** SQL made only of our column expressions, keywords, operators and typed placeholders. */
const SAFE_SQL =
  /^(?:\s|\(|\)|,|s\.(?:id|collection|acquired_at|footprint|platform|sensor|resolution_m|cloud_pct|off_nadir|sun_elevation|sun_azimuth|orbit_number)|lower|ANY|AND|OR|NOT|BETWEEN|LIKE|IS|NULL|TRUE|FALSE|ST_(?:Intersects|Within|Contains|MakeValid|SetSRID|GeomFromGeoJSON)|4326|=|<>|<=|>=|<|>|\$\d+::(?:text|real|double precision|timestamptz)(?:\[\])?)*$/;

function compile(expr: ReturnType<typeof parseCql2Text>) {
  const params: SqlParam[] = [];
  const sql = compileCql2(expr)(params);
  return { sql, params };
}

/** Hostile filters: each must fail to parse or compile cleanly (a 400), or compile to parameterised SQL only. */
const CORPUS = [
  "platform = 'x'' OR 1=1 --'",
  "platform = 'x'; DROP TABLE scenes; --'",
  "platform = 'a\\' OR ''1''=''1'",
  "id = '\u0000'",
  "id = 'ＧＦ１' OR id = 'gf1\u200b'",
  "platform = 'gf-1' /* comment */",
  'platform = "gf-1"',
  '"eo:cloud_cover" < 10',
  '"s.cloud_pct); DROP TABLE scenes; --" < 10',
  "platform = 'gf-1'\u2028OR 1=1",
  "platform LIKE '%'' UNION SELECT password FROM users --'",
  "datetime > TIMESTAMP('2024-01-01T00:00:00Z''); DROP TABLE x; --')",
  'gsd < 1e308 AND gsd > -1e308',
  'gsd < 1e999',
  'pg_sleep(10) = 1',
  'gsd < (SELECT 1)',
  "S_INTERSECTS(geometry, POINT(1 2)); SELECT 1 --",
  `${'('.repeat(1000)}gsd < 1${')'.repeat(1000)}`,
  `id IN (${Array.from({ length: 5000 }, (_, i) => `'${i}'`).join(',')})`,
  "instruments = 'PMS' AND platform IN ('gf-1', 'x'')--')",
  "platform = U&'\\0027'",
  "platform = E'\\x27'",
  '$1 = 1',
  'gsd = $1',
  "id LIKE '%\\%%' AND id NOT LIKE '_'",
];

describe('injection corpus', () => {
  test.each(CORPUS)('%s', (text) => {
    let expr;
    try {
      expr = parseCql2Text(text);
    } catch (e) {
      expect(e).toBeInstanceOf(Cql2Error);
      return;
    }
    let compiled;
    try {
      compiled = compile(expr);
    } catch (e) {
      // A value its column cannot hold (1e308 for a real) is a clean 400 too.
      expect(e).toBeInstanceOf(StacError);
      expect((e as StacError).status).toBe(400);
      return;
    }
    const { sql, params } = compiled;
    expect(sql).toMatch(SAFE_SQL);
    // Every user string travels as a parameter.
    for (const p of params) if (typeof p === 'string' && p.length > 2) expect(sql).not.toContain(p);
  });

  test('JSON filters with hostile strings compile to placeholders only', () => {
    const { sql, params } = compile(
      parseCql2Json({
        op: 'and',
        args: [
          { op: '=', args: [{ property: 'platform' }, "x' OR '1'='1"] },
          { op: 'in', args: [{ property: 'id' }, ["a'); DROP TABLE scenes; --", 'b']] },
          { op: 's_intersects', args: [{ property: 'geometry' }, { type: 'Point', coordinates: [1, 2] }] },
        ],
      }),
    );
    expect(sql).toMatch(SAFE_SQL);
    expect(params).toEqual(["x' OR '1'='1", ["a'); DROP TABLE scenes; --", 'b'], '{"type":"Point","coordinates":[1,2]}']);
  });
});

describe('compiled conditions', () => {
  test('comparisons map to columns with typed placeholders', () => {
    expect(compile(parseCql2Text("eo:cloud_cover < 10 AND instruments = 'PMS'"))).toEqual({
      sql: '(s.cloud_pct < $1::real AND lower(s.sensor) = $2::text)',
      params: [10, 'pms'],
    });
  });
  test('a DATE compares as its whole UTC day', () => {
    expect(compile(parseCql2Text("datetime = DATE('2024-01-01')"))).toEqual({
      sql: '(s.acquired_at >= $1::timestamptz AND s.acquired_at < $2::timestamptz)',
      params: ['2024-01-01T00:00:00.000Z', '2024-01-02T00:00:00.000Z'],
    });
  });
  test('S_INTERSECTS makes the literal valid in SQL', () => {
    expect(compile(parseCql2Text('S_INTERSECTS(geometry, POINT(1 2))')).sql).toBe(
      'ST_Intersects(s.footprint, ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON($1::text), 4326)))',
    );
  });
});

/** What a call ends with: `<status> <key>` of a STAC error, or `ok`. */
const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof StacError ? `${error.status} ${error.key}` : String(error);
  }
  return 'ok';
};

describe('numbers out of a column’s range (issue 32.3)', () => {
  it('refuses a real column compared with a number a real cannot hold, in text and JSON, as a 400', () => {
    for (const text of ['"eo:cloud_cover" > 1e39', '"eo:cloud_cover" < -1e39', 'gsd BETWEEN 0 AND 1e40', '"view:off_nadir" IN (1, 1e39)']) {
      expect([text, reason(() => compile(parseCql2Text(text)))]).toEqual([text, '400 numberOutOfRange']);
    }
    const json = parseCql2Json({ op: '>', args: [{ property: 'eo:cloud_cover' }, 1e39] });
    expect(reason(() => compile(json))).toBe('400 numberOutOfRange');
  });

  it('compiles numbers a real holds, and large numbers on a double precision column', () => {
    expect(reason(() => compile(parseCql2Text('"eo:cloud_cover" > 3e38')))).toBe('ok');
    expect(reason(() => compile(parseCql2Text('"sat:absolute_orbit" > 1e39')))).toBe('ok');
  });
});

describe('forged paging tokens (issue 32.3)', () => {
  const token = (k: string[], s: string) => Buffer.from(JSON.stringify({ v: 1, s, k }), 'utf8').toString('base64url');
  const keysFor = (field: string) => resolveSort([{ field, direction: 'desc' }]);
  it('refuses reals beyond a real and the year 0000 as a bad token, not a database error', () => {
    const cloud = keysFor('eo:cloud_cover');
    for (const value of ['1e39', '-1e39', '1e400']) expect(reason(() => decodeToken(token([value, 'x'], sortSignature(cloud)), cloud))).toBe('400 badToken');
    expect(reason(() => decodeToken(token(['12.5', 'x'], sortSignature(cloud)), cloud))).toBe('ok');
    const time = keysFor('datetime');
    expect(reason(() => decodeToken(token(['0000-01-01T00:00:00.000000Z', 'x'], sortSignature(time)), time))).toBe('400 badToken');
    expect(reason(() => decodeToken(token(['2024-01-01T00:00:00.000000Z', 'x'], sortSignature(time)), time))).toBe('ok');
  });
});
