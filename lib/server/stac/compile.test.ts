import { Cql2Error, parseCql2Json, parseCql2Text } from '../../shared/cql2';
import type { SqlParam } from '../db/types';
import { compileCql2 } from './compile';

/** SQL made only of our column expressions, keywords, operators and typed placeholders. */
const SAFE_SQL =
  /^(?:\s|\(|\)|,|s\.(?:id|collection|acquired_at|footprint|platform|sensor|resolution_m|cloud_pct|off_nadir|sun_elevation|sun_azimuth|orbit_number)|lower|ANY|AND|OR|NOT|BETWEEN|LIKE|IS|NULL|TRUE|FALSE|ST_(?:Intersects|Within|Contains|MakeValid|SetSRID|GeomFromGeoJSON)|4326|=|<>|<=|>=|<|>|\$\d+::(?:text|real|double precision|timestamptz)(?:\[\])?)*$/;

function compile(expr: ReturnType<typeof parseCql2Text>) {
  const params: SqlParam[] = [];
  const sql = compileCql2(expr)(params);
  return { sql, params };
}

/** Hostile filters: each must fail to parse cleanly or compile to parameterised SQL only. */
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
    const { sql, params } = compile(expr);
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
