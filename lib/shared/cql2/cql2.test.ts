import { CQL2_LIMITS, Cql2Error, parseCql2Json, parseCql2JsonText, parseCql2Text, parseDatetimeParameter, type Cql2Expr } from '.';

const keyOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (e instanceof Cql2Error) return e.key;
    throw e;
  }
  throw new Error('parsed without error');
};

/** A readable form of the tree, to compare text and JSON encodings. */
function show(e: Cql2Expr): string {
  switch (e.op) {
    case 'and':
    case 'or':
      return `${e.op}(${e.args.map(show).join(',')})`;
    case 'not':
      return `not(${show(e.arg)})`;
    case 'bool':
      return String(e.value);
    case 'compare':
      return `${e.property.name}${e.cmp}${JSON.stringify(e.value)}`;
    case 'between':
      return `${e.property.name} between ${JSON.stringify(e.low)} ${JSON.stringify(e.high)}`;
    case 'in':
      return `${e.property.name} in ${JSON.stringify(e.values)}`;
    case 'like':
      return `${e.property.name} like ${e.pattern}`;
    case 'isNull':
      return `${e.property.name} is null`;
    case 'spatial':
      return `${e.fn}(${e.property.name},${JSON.stringify(e.geometry)})`;
    case 'temporal':
      return `${e.fn}(${e.property.name},${JSON.stringify(e.span)})`;
  }
}

describe('CQL2 text and JSON parse into the same tree', () => {
  const pairs: [string, unknown][] = [
    ['eo:cloud_cover < 10', { op: '<', args: [{ property: 'eo:cloud_cover' }, 10] }],
    ["platform = 'gf-1' AND gsd <= 2", { op: 'and', args: [{ op: '=', args: [{ property: 'platform' }, 'gf-1'] }, { op: '<=', args: [{ property: 'gsd' }, 2] }] }],
    ["NOT (instruments = 'PMS' OR instruments = 'wfv')", { op: 'not', args: [{ op: 'or', args: [{ op: '=', args: [{ property: 'instruments' }, 'PMS'] }, { op: '=', args: [{ property: 'instruments' }, 'wfv'] }] }] }],
    ['eo:cloud_cover BETWEEN 0 AND 20.5', { op: 'between', args: [{ property: 'eo:cloud_cover' }, 0, 20.5] }],
    ["collection IN ('gf1-pms', 'gf2-pms')", { op: 'in', args: [{ property: 'collection' }, ['gf1-pms', 'gf2-pms']] }],
    ["id LIKE 'GF1%'", { op: 'like', args: [{ property: 'id' }, 'GF1%'] }],
    ['eo:cloud_cover IS NULL', { op: 'isNull', args: [{ property: 'eo:cloud_cover' }] }],
    ["datetime >= TIMESTAMP('2024-01-01t00:00:00z')", { op: '>=', args: [{ property: 'datetime' }, { timestamp: '2024-01-01T00:00:00Z' }] }],
    ["datetime = DATE('2024-02-29')", { op: '=', args: [{ property: 'datetime' }, { date: '2024-02-29' }] }],
    ["T_INTERSECTS(datetime, INTERVAL('2024-01-01', '..'))", { op: 't_intersects', args: [{ property: 'datetime' }, { interval: ['2024-01-01', '..'] }] }],
    [
      'S_INTERSECTS(geometry, POLYGON((116 39, 117 39, 117 40, 116 40, 116 39)))',
      { op: 's_intersects', args: [{ property: 'geometry' }, { type: 'Polygon', coordinates: [[[116, 39], [117, 39], [117, 40], [116, 40], [116, 39]]] }] },
    ],
    ['S_INTERSECTS(geometry, POINT(116.4 39.9))', { op: 's_intersects', args: [{ property: 'geometry' }, { type: 'Point', coordinates: [116.4, 39.9] }] }],
    ['S_INTERSECTS(geometry, BBOX(116, 39, 117, 40))', { op: 's_intersects', args: [{ property: 'geometry' }, { bbox: [116, 39, 117, 40] }] }],
    ['10 > eo:cloud_cover', { op: '<', args: [{ property: 'eo:cloud_cover' }, 10] }],
  ];
  test.each(pairs)('%s', (text, json) => {
    expect(show(parseCql2Text(text))).toBe(show(parseCql2Json(json)));
  });

  test('keywords are case-insensitive, != is <>, AND binds tighter than OR', () => {
    const e = parseCql2Text("gsd > 1 or platform != 'gf-2' and eo:cloud_cover < 5");
    expect(e.op).toBe('or');
    expect(show(e)).toBe('or(gsd>{"kind":"number","value":1},and(platform<>{"kind":"string","value":"gf-2"},eo:cloud_cover<{"kind":"number","value":5}))');
  });

  test('WKT multi-geometries and collections become GeoJSON', () => {
    const e = parseCql2Text('S_INTERSECTS(geometry, GEOMETRYCOLLECTION(POINT(1 2), LINESTRING(0 0, 1 1), MULTIPOINT((1 1),(2 2))))');
    expect(e).toMatchObject({ op: 'spatial', geometry: { type: 'GeometryCollection', geometries: [{ type: 'Point' }, { type: 'LineString' }, { type: 'MultiPoint' }] } });
  });
});

describe('CQL2 errors name the problem', () => {
  test.each([
    ['foo = 1', 'unknownProperty'],
    ["platform = 'gf-1' AND", 'unexpectedEnd'],
    ['gsd = 1 gsd = 2', 'syntax'],
    ["platform = 'open", 'unterminatedString'],
    ['eo:cloud_cover < 10; DROP TABLE scenes', 'unexpectedCharacter'],
    ['gsd < 10 -- comment', 'unexpectedCharacter'],
    ['gsd < 10 /* c */', 'unexpectedCharacter'],
    ["platform = ’gf-1’", 'unexpectedCharacter'],
    ['gsd + 1 > 2', 'unexpectedCharacter'],
    ["eo:cloud_cover = 'ten'", 'typeMismatch'],
    ['platform = 5', 'typeMismatch'],
    ["datetime > TIMESTAMP('2024-13-01T00:00:00Z')", 'badTimestamp'],
    ["datetime > TIMESTAMP('2024-02-30T00:00:00Z')", 'badTimestamp'],
    ['UPPER(platform) = 1', 'unknownFunction'],
    ["CASEI(platform) = 'x'", 'unknownFunction'],
    ['gsd = eo:cloud_cover', 'unsupported'],
    ['S_INTERSECTS(geometry, POLYGON((0 0, 1 0, 1 1, 0 0.5)))', 'badGeometry'],
    ['S_INTERSECTS(geometry, POINT(200 10))', 'badGeometry'],
    ['S_INTERSECTS(gsd, POINT(1 1))', 'typeMismatch'],
    ['geometry = 1', 'typeMismatch'],
    ['', 'unexpectedEnd'],
  ])('%s → %s', (text, key) => {
    expect(keyOf(() => parseCql2Text(text))).toBe(key);
  });

  test.each([
    [{ op: 'drop', args: [] }, 'unknownFunction'],
    [{ op: '=', args: [{ property: 'platform' }] }, 'badJsonFilter'],
    [{ op: '=', args: [{ property: 'platform' }, null] }, 'badJsonFilter'],
    [{ op: '=', args: [{ property: 'platform' }, 'x'], extra: 1 }, 'badJsonFilter'],
    [{ op: '=', args: [{ property: 'secret' }, 'x'] }, 'unknownProperty'],
    [{ op: 'and', args: [true] }, 'badJsonFilter'],
    ['platform', 'badJsonFilter'],
  ])('JSON %j → %s', (json, key) => {
    expect(keyOf(() => parseCql2Json(json))).toBe(key);
  });

  test('bounds: length, depth, nodes, list, vertices', () => {
    expect(keyOf(() => parseCql2Text('gsd < 1 AND '.repeat(20_000)))).toBe('filterTooLong');
    expect(keyOf(() => parseCql2Text(`${'('.repeat(50)}gsd < 1${')'.repeat(50)}`))).toBe('filterTooDeep');
    expect(keyOf(() => parseCql2Text(`${'NOT '.repeat(50)}gsd < 1`))).toBe('filterTooDeep');
    expect(keyOf(() => parseCql2Text(Array.from({ length: 600 }, (_, i) => `gsd = ${i}`).join(' OR ')))).toBe('filterTooManyNodes');
    expect(keyOf(() => parseCql2Text(`id IN (${Array.from({ length: 300 }, (_, i) => `'a${i}'`).join(',')})`))).toBe('listTooLong');
    let deep: unknown = { op: '=', args: [{ property: 'gsd' }, 1] };
    for (let i = 0; i < 100; i++) deep = { op: 'not', args: [deep] };
    expect(keyOf(() => parseCql2Json(deep))).toBe('filterTooDeep');
    const ring = Array.from({ length: 10_050 }, (_, i) => [Math.cos(i) * 10, Math.sin(i) * 10]);
    ring.push(ring[0]!);
    expect(keyOf(() => parseCql2Json({ op: 's_intersects', args: [{ property: 'geometry' }, { type: 'Polygon', coordinates: [ring] }] }))).toBe(
      'tooManyVertices',
    );
    expect(CQL2_LIMITS.maxList).toBe(200);
  });

  test('JSON text that is not JSON is a clean error', () => {
    expect(keyOf(() => parseCql2JsonText('{"op": "=", "args": ['))).toBe('badJsonFilter');
  });
});

describe('datetime parameter (RFC 3339, open intervals)', () => {
  test.each([
    ['2024-01-01T00:00:00Z', { start: '2024-01-01T00:00:00.000000Z', end: '2024-01-01T00:00:00.000000Z', endExclusive: false }],
    ['2024-01-01t08:00:00.1234567+08:00', { start: '2024-01-01T00:00:00.123456Z', end: '2024-01-01T00:00:00.123456Z', endExclusive: false }],
    ['2023-12-31T20:30:00-03:30', { start: '2024-01-01T00:00:00.000000Z', end: '2024-01-01T00:00:00.000000Z', endExclusive: false }],
    ['../2024-01-01T00:00:00z', { start: null, end: '2024-01-01T00:00:00.000000Z', endExclusive: false }],
    ['2024-01-01T00:00:00Z/..', { start: '2024-01-01T00:00:00.000000Z', end: null, endExclusive: false }],
    ['2024-01-01T00:00:00Z/', { start: '2024-01-01T00:00:00.000000Z', end: null, endExclusive: false }],
    ['2024-01-01/2024-01-31', { start: '2024-01-01T00:00:00.000Z', end: '2024-02-01T00:00:00.000Z', endExclusive: true }],
  ])('%s', (text, span) => {
    expect(parseDatetimeParameter(text)).toEqual(span);
  });
  test.each(['..', '../..', '2024-01-01T00:00:00', '2024-01-02/2024-01-01', 'yesterday', '2024-01-01T00:00:00Z/2024-02-01T00:00:00Z/x'])('%s is rejected', (text) => {
    expect(keyOf(() => parseDatetimeParameter(text))).toBe('badTimestamp');
  });
});
