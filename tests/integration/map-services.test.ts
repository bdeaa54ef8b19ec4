import { createCanvas, loadImage } from '@napi-rs/canvas';
import { GET as wfsGet } from '../../app/map/cloudPlatform/wfs/route';
import { GET as wmsGet } from '../../app/map/cloudPlatform/wms/route';
import { GET as wmtsGet } from '../../app/map/gwc/service/wmts/route';
import { createSession } from '../../lib/server/session';
import { setDatabase } from '../../lib/server/db';
import type { Database } from '../../lib/server/db/types';
import { lonLatToMercator } from '../../lib/server/map/crs';
import { HOSTILE_CQL } from '../../lib/server/map/cql/hostile-filters';
import { findLayer, registerLayers } from '../../lib/server/map/layers';
import { PERMISSIONS } from '../../lib/shared/permissions';
import { withTestDatabase } from '../support/api';
import { createPostgresDatabase } from '../../lib/server/db/postgres';
import { featureRequestBound, WFS_FEATURE_REQUESTS_PER_CLIENT } from '../../lib/server/map/handler';

const db = withTestDatabase();

async function get(handler: (r: Request) => Promise<Response>, path: string, headers: Record<string, string> = {}) {
  const response = await handler(new Request(`http://localhost:3000${path}`, { headers }));
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    headers: response.headers,
    body: Buffer.from(await response.arrayBuffer()),
  };
}

const wms = (query: string, headers?: Record<string, string>) => get(wmsGet, `/map/cloudPlatform/wms?${query}`, headers);
const wfs = (query: string, headers?: Record<string, string>) => get(wfsGet, `/map/cloudPlatform/wfs?${query}`, headers);
const wmts = (query: string) => get(wmtsGet, `/map/gwc/service/wmts?${query}`);

async function pixels(png: Buffer) {
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const data = ctx.getImageData(0, 0, image.width, image.height).data;
  return {
    width: image.width,
    height: image.height,
    at: (x: number, y: number) => Array.from(data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 4)),
  };
}

/**
 * Counts statements run while `fn` runs, to prove a refused request touched no SQL; `ignore`d ones are left out (the
 * WFS in-flight bound's bookkeeping, which is the same for every GetFeature whatever its input).
 */
async function countQueries(fn: () => Promise<unknown>, ignore?: RegExp): Promise<number> {
  const real = db();
  let count = 0;
  const counting: Database = { ...real, query: (sql, params) => (ignore?.test(sql) || count++, real.query(sql, params)) };
  setDatabase(counting);
  try {
    await fn();
  } finally {
    setDatabase(real);
  }
  return count;
}

const GETMAP = 'SERVICE=WMS&REQUEST=GetMap&LAYERS=cloudPlatform:region&STYLES=&FORMAT=image/png&TRANSPARENT=TRUE&WIDTH=300&HEIGHT=300';
const BEIJING = encodeURIComponent("code = '110000'");

describe('WMS', () => {
  it('describes its layers in 1.1.1 and 1.3.0 capabilities', async () => {
    const v13 = await wms('SERVICE=WMS&REQUEST=GetCapabilities');
    expect(v13.status).toBe(200);
    const xml = v13.body.toString();
    expect(xml).toContain('<WMS_Capabilities version="1.3.0"');
    expect(xml).toContain('<Name>cloudPlatform:region</Name>');
    expect(xml).toContain('<Name>cloudPlatform:global_region</Name>');
    expect(xml).toContain('<CRS>EPSG:3857</CRS>');
    const v11 = await wms('service=wms&request=getcapabilities&version=1.1.1');
    expect(v11.body.toString()).toContain('<WMT_MS_Capabilities version="1.1.1">');
  });

  it('draws a region where it lies, in EPSG:4326 (1.1.1 and 1.3.0 axis order) and EPSG:3857', async () => {
    // 115–118°E, 39–42°N at 100 px per degree: Beijing's centre (116.40, 39.90) is pixel (140, 210);
    // (117.8, 41.8) is Chengde in Hebei, outside the filter.
    const v11 = await wms(`${GETMAP}&VERSION=1.1.1&SRS=EPSG:4326&BBOX=115,39,118,42&CQL_FILTER=${BEIJING}`);
    expect(v11.type).toBe('image/png');
    const a = await pixels(v11.body);
    expect(a.width).toBe(300);
    expect(a.at(140, 210)[3]).toBeGreaterThan(0);
    expect(a.at(280, 20)[3]).toBe(0);

    const v13 = await wms(`${GETMAP}&VERSION=1.3.0&CRS=EPSG:4326&BBOX=39,115,42,118&CQL_FILTER=${BEIJING}`);
    expect(Buffer.compare(v13.body, v11.body)).toBe(0);

    const [minx, miny] = lonLatToMercator(115, 39);
    const [maxx, maxy] = lonLatToMercator(118, 42);
    const merc = await wms(`${GETMAP}&VERSION=1.3.0&CRS=EPSG:3857&BBOX=${minx},${miny},${maxx},${maxy}&CQL_FILTER=${BEIJING}`);
    const m = await pixels(merc.body);
    const [bx, by] = lonLatToMercator(116.4, 39.9);
    expect(m.at(Math.round(((bx - minx) / (maxx - minx)) * 300), Math.round(((maxy - by) / (maxy - miny)) * 300))[3]).toBeGreaterThan(0);
    expect(m.at(280, 20)[3]).toBe(0);
  });

  it('paints an opaque background unless transparent', async () => {
    const opaque = await wms(
      'SERVICE=WMS&REQUEST=GetMap&VERSION=1.1.1&LAYERS=region&STYLES=&FORMAT=image/png&WIDTH=64&HEIGHT=64&SRS=EPSG:4326&BBOX=150,10,160,20&BGCOLOR=0x102030',
    );
    expect((await pixels(opaque.body)).at(5, 5)).toEqual([16, 32, 48, 255]);
  });

  it('answers GetFeatureInfo as GeoJSON', async () => {
    const level = encodeURIComponent("level = 'province'");
    const info = await wms(
      `SERVICE=WMS&REQUEST=GetFeatureInfo&VERSION=1.1.1&LAYERS=cloudPlatform:region&QUERY_LAYERS=cloudPlatform:region&STYLES=&SRS=EPSG:4326&BBOX=115,39,118,42&WIDTH=300&HEIGHT=300&X=140&Y=210&INFO_FORMAT=application/json&CQL_FILTER=${level}`,
    );
    const json = JSON.parse(info.body.toString());
    expect(json.type).toBe('FeatureCollection');
    expect(json.features).toHaveLength(1);
    expect(json.features[0].properties).toMatchObject({ code: '110000', name: '北京市', level: 'province' });
  });

  it('answers bad requests with a ServiceException and runs no SQL for a hostile filter', async () => {
    const hostile = encodeURIComponent("code = '1'; DROP TABLE regions; --");
    let answer: Awaited<ReturnType<typeof wms>> | undefined;
    const statements = await countQueries(async () => {
      answer = await wms(`${GETMAP}&VERSION=1.1.1&SRS=EPSG:4326&BBOX=115,39,118,42&CQL_FILTER=${hostile}`);
    });
    expect(statements).toBe(0);
    expect(answer!.status).toBe(400);
    expect(answer!.type).toContain('application/vnd.ogc.se_xml');
    expect(answer!.body.toString()).toMatch(/<ServiceException code="InvalidParameterValue" locator="CQL_FILTER">/);

    const cases: [string, string][] = [
      [
        `${GETMAP}&VERSION=1.1.1&SRS=EPSG:4326&BBOX=115,39,118,42&CQL_FILTER=${encodeURIComponent('password = 1')}`,
        'InvalidParameterValue',
      ],
      [
        'SERVICE=WMS&REQUEST=GetMap&VERSION=1.1.1&LAYERS=cloudPlatform:users&SRS=EPSG:4326&BBOX=0,0,1,1&WIDTH=10&HEIGHT=10',
        'LayerNotDefined',
      ],
      ['SERVICE=WMS&REQUEST=GetMap&VERSION=1.1.1&LAYERS=region&SRS=EPSG:2000&BBOX=0,0,1,1&WIDTH=10&HEIGHT=10', 'InvalidSRS'],
      ['SERVICE=WMS&REQUEST=GetMap&VERSION=1.1.1&LAYERS=region&SRS=EPSG:4326&BBOX=0,0,1&WIDTH=10&HEIGHT=10', 'InvalidParameterValue'],
      ['SERVICE=WMS&REQUEST=GetMap&VERSION=1.1.1&LAYERS=region&SRS=EPSG:4326&BBOX=0,0,1,1&WIDTH=9000&HEIGHT=10', 'InvalidParameterValue'],
      [
        'SERVICE=WMS&REQUEST=GetMap&VERSION=1.1.1&LAYERS=region&SRS=EPSG:4326&BBOX=0,0,1,1&WIDTH=10&HEIGHT=10&FORMAT=image/gif',
        'InvalidFormat',
      ],
      [
        'SERVICE=WMS&REQUEST=GetMap&VERSION=1.1.1&LAYERS=region&STYLES=nope&SRS=EPSG:4326&BBOX=0,0,1,1&WIDTH=10&HEIGHT=10',
        'StyleNotDefined',
      ],
      ['SERVICE=WMS&REQUEST=Transaction', 'OperationNotSupported'],
      ['SERVICE=WMS', 'MissingParameterValue'],
    ];
    for (const [query, code] of cases) {
      const response = await wms(query);
      expect(response.status).toBe(400);
      expect(response.body.toString()).toContain(`code="${code}"`);
    }
    const v13 = await wms('SERVICE=WMS&VERSION=1.3.0&REQUEST=GetMap&LAYERS=nope&CRS=EPSG:4326&BBOX=0,0,1,1&WIDTH=1&HEIGHT=1');
    expect(v13.body.toString()).toContain('xmlns="http://www.opengis.net/ogc"');
  });
});

describe('WFS', () => {
  it('refuses a GetFeature beyond the address’s answers in flight, counted over every process, until one ends', async () => {
    const ip = '10.38.9.9';
    // Two answers of this address in progress elsewhere (another process holds the slots in the same table).
    const other = db().kind === 'postgres' && db().url ? createPostgresDatabase(db().url!, 1) : db();
    const bound = featureRequestBound(other);
    const held = await Promise.all(Array.from({ length: WFS_FEATURE_REQUESTS_PER_CLIENT }, () => bound.enter(ip)));
    const query = 'SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=cloudPlatform:region&COUNT=1&OUTPUTFORMAT=application/json';
    const refused = await wfs(query, { 'x-forwarded-for': ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.body.toString()).toContain('<ows:ExceptionReport');
    expect((await wfs(query, { 'x-forwarded-for': '10.38.9.10' })).status).toBe(200);
    await held[0]!();
    expect((await wfs(query, { 'x-forwarded-for': ip })).status).toBe(200);
    await held[1]!();
    if (other !== db()) await other.close();
  });

  const typeName = 'TYPENAMES=cloudPlatform:region';

  it('pages GeoJSON features with CQL, count and startIndex', async () => {
    const cql = encodeURIComponent("parent = '130100'");
    const first = JSON.parse(
      (
        await wfs(`SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&${typeName}&OUTPUTFORMAT=application/json&CQL_FILTER=${cql}&COUNT=5&LOD=lo`)
      ).body.toString(),
    );
    expect(first.numberReturned).toBe(5);
    expect(first.numberMatched).toBeGreaterThan(15);
    expect(first.features[0].properties.parent).toBe('130100');
    expect(first.features[0].geometry.type).toBe('MultiPolygon');
    const second = JSON.parse(
      (
        await wfs(
          `SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&${typeName}&OUTPUTFORMAT=application/json&CQL_FILTER=${cql}&COUNT=5&STARTINDEX=5&LOD=lo`,
        )
      ).body.toString(),
    );
    const ids = new Set([...first.features, ...second.features].map((f: { id: string }) => f.id));
    expect(ids.size).toBe(10);
  });

  it('filters by bbox (latitude first for EPSG:4326 URNs) and counts hits', async () => {
    const level = encodeURIComponent("level = 'province'");
    const bbox = await wfs(
      `SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&${typeName}&OUTPUTFORMAT=application/json&CQL_FILTER=${level}&BBOX=39.8,116.3,39.95,116.45,urn:ogc:def:crs:EPSG::4326&LOD=lo`,
    );
    const codes = JSON.parse(bbox.body.toString()).features.map((f: { properties: { code: string } }) => f.properties.code);
    expect(codes).toEqual(['110000']);
    const hits = (
      await wfs(`SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&${typeName}&RESULTTYPE=hits&CQL_FILTER=${level}`)
    ).body.toString();
    expect(hits).toContain('numberMatched="34"');
  });

  it('speaks GML 3.2 with a schema for GIS clients', async () => {
    const schema = (await wfs('SERVICE=WFS&VERSION=2.0.0&REQUEST=DescribeFeatureType&TYPENAMES=cloudPlatform:region')).body.toString();
    expect(schema).toContain('<xsd:element name="region" substitutionGroup="gml:AbstractFeature"');
    const gml = (await wfs(`SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&${typeName}&COUNT=1&CQL_FILTER=${BEIJING}`)).body.toString();
    expect(gml).toContain('<cloudPlatform:code>110000</cloudPlatform:code>');
    expect(gml).toMatch(/<gml:MultiSurface[^>]*srsName="urn:ogc:def:crs:EPSG::4326"/);
    // Latitude first: Beijing's first coordinate pair starts with ~39–41.
    expect(gml).toMatch(/<gml:posList[^>]*>4[01]\.\d+ 11[5-7]\.\d+/);
    const caps = (await wfs('SERVICE=WFS&REQUEST=GetCapabilities')).body.toString();
    expect(caps).toContain('<Name>cloudPlatform:region</Name>');
    expect(caps).toContain('ImplementsResultPaging');
  });

  it('refuses bad requests with an OWS exception', async () => {
    for (const query of [
      'SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=cloudPlatform:sessions',
      `SERVICE=WFS&REQUEST=GetFeature&${typeName}&CQL_FILTER=${encodeURIComponent('code = pg_sleep(10)')}`,
      `SERVICE=WFS&REQUEST=GetFeature&${typeName}&COUNT=0`,
      `SERVICE=WFS&REQUEST=GetFeature&${typeName}&OUTPUTFORMAT=shape-zip`,
    ]) {
      const response = await wfs(query);
      expect(response.status).toBe(400);
      expect(response.body.toString()).toContain('<ows:ExceptionReport');
    }
  });

  it('answers every hostile CQL filter with an OWS exception and runs no SQL', async () => {
    for (const cql of HOSTILE_CQL.filter((c) => c.trim() !== '')) {
      let answer: Awaited<ReturnType<typeof wfs>> | undefined;
      const statements = await countQueries(async () => {
        answer = await wfs(
          `SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=cloudPlatform:spot_meta&OUTPUTFORMAT=application/json&CQL_FILTER=${encodeURIComponent(cql)}`,
        );
      }, /inflight_leases/);
      const body = answer!.body.toString();
      expect({ cql, statements, status: answer!.status, report: body.includes('<ows:ExceptionReport') }).toEqual({
        cql,
        statements: 0,
        // A filter longer than the request limit is refused as a whole.
        status: body.includes('locator="REQUEST"') ? 414 : 400,
        report: true,
      });
      if (answer!.status === 400) expect(body).toContain('locator="CQL_FILTER"');
    }
  });

  it('runs accepted filters holding SQL-looking text as plain values, harmlessly', async () => {
    const [admin] = await db().query<{ id: string }>("SELECT id::text AS id FROM users WHERE username = 'demo-admin'");
    const token = (await createSession(db(), admin!.id, { ip: 'test', userAgent: null })).token;
    const tables = async () =>
      (
        await db().query<{ users: number; spots: number }>(
          'SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM spots)::int AS spots',
        )
      )[0];
    const before = await tables();
    for (const cql of [
      "xzqdm = ''' OR ''1''=''1'",
      "filename LIKE '%''; DROP TABLE spots; --%'",
      "stage IN ('1); DELETE FROM users; --', '$$')",
      "xzqdm = 'pg_sleep(10)' OR tblx = '\\'",
    ]) {
      const answer = await wfs(
        `SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=cloudPlatform:spot_meta&OUTPUTFORMAT=application/json&CQL_FILTER=${encodeURIComponent(cql)}`,
        { token },
      );
      expect({ cql, status: answer.status, matched: JSON.parse(answer.body.toString()).numberMatched }).toEqual({
        cql,
        status: 200,
        matched: 0,
      });
    }
    expect(await tables()).toEqual(before);
  });

  it('limits a signed-in caller to their area ranges on restricted layers', async () => {
    const region = findLayer('region')!;
    registerLayers([
      {
        ...region,
        name: 'region_restricted_test',
        access: { kind: 'restricted', permission: PERMISSIONS.LANDCOVER, regionCode: 'r.code' },
      },
    ]);
    const [city] = await db().query<{ id: string }>("SELECT id::text AS id FROM users WHERE username = 'demo-city'");
    const [admin] = await db().query<{ id: string }>("SELECT id::text AS id FROM users WHERE username = 'demo-admin'");
    const cityToken = (await createSession(db(), city!.id, { ip: 'test', userAgent: null })).token;
    const adminToken = (await createSession(db(), admin!.id, { ip: 'test', userAgent: null })).token;
    const query = 'SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=cloudPlatform:region_restricted_test&RESULTTYPE=hits';
    const matched = (body: Buffer) => Number(/numberMatched="(\d+)"/.exec(body.toString())![1]);
    const [{ n: all }] = (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM regions')) as [{ n: number }];
    expect(matched((await wfs(query)).body)).toBe(0);
    expect(matched((await wfs(query, { token: adminToken })).body)).toBe(all);
    const cityCount = matched((await wfs(query, { token: cityToken })).body);
    expect(cityCount).toBeGreaterThan(10);
    expect(cityCount).toBeLessThan(40);
    const codes = JSON.parse(
      (
        await wfs('SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=region_restricted_test&OUTPUTFORMAT=application/json&LOD=lo', {
          token: cityToken,
        })
      ).body.toString(),
    ).features.map((f: { properties: { code: string } }) => f.properties.code);
    expect(codes.every((c: string) => c.startsWith('1301'))).toBe(true);

    // Ranges are read with the session on every request: a change applies to the next tile, same token.
    await db().query("UPDATE area_ranges SET status = 1 WHERE user_id = $1 AND region_id = '130100'", [city!.id]);
    await db().query("INSERT INTO area_ranges (user_id, region_id) VALUES ($1, '130200')", [city!.id]);
    try {
      const moved = await wfs('SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=region_restricted_test&OUTPUTFORMAT=application/json&LOD=lo', {
        token: cityToken,
      });
      const movedCodes = JSON.parse(moved.body.toString()).features.map((f: { properties: { code: string } }) => f.properties.code);
      expect(movedCodes.length).toBeGreaterThan(5);
      expect(movedCodes.every((c: string) => c.startsWith('1302'))).toBe(true);
    } finally {
      await db().query("DELETE FROM area_ranges WHERE user_id = $1 AND region_id = '130200'", [city!.id]);
      await db().query("UPDATE area_ranges SET status = 0 WHERE user_id = $1 AND region_id = '130100'", [city!.id]);
    }
  });

  it('draws a signed-in tile with two statements: the session (with its area ranges) and the features', async () => {
    const [city] = await db().query<{ id: string }>("SELECT id::text AS id FROM users WHERE username = 'demo-city'");
    const token = (await createSession(db(), city!.id, { ip: 'test', userAgent: null })).token;
    const [x, y] = lonLatToMercator(114.5, 38);
    const tile = `${GETMAP.replace('cloudPlatform:region', 'cloudPlatform:spot_meta')}&SRS=EPSG:3857&BBOX=${x - 5000},${y - 5000},${x + 5000},${y + 5000}`;
    let status = 0;
    // The first request also verifies the token's signature; count a later one, as a map view sends many.
    expect((await wms(tile, { token })).status).toBe(200);
    const statements = await countQueries(async () => {
      status = (await wms(tile, { token })).status;
    });
    expect(status).toBe(200);
    expect(statements).toBe(2);
  });
});

describe('WMTS', () => {
  const tile = (z: number, row: number, col: number, style = 'vec') =>
    `SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=cloudPlatform:region&STYLE=${style}&TILEMATRIXSET=EPSG:900913&TILEMATRIX=EPSG:900913:${z}&TILEROW=${row}&TILECOL=${col}&FORMAT=image/png`;

  it('draws base-map tiles once and serves them from the cache', async () => {
    // Zoom 4, row 6, column 13 covers north China (112.5–135°E, 40.9–55.8°N).
    const first = await wmts(tile(4, 6, 13));
    expect(first.type).toBe('image/png');
    expect(first.headers.get('x-tile-cache')).toBe('MISS');
    const image = await pixels(first.body);
    expect(image.width).toBe(256);
    expect(image.at(128, 128)[3]).toBe(255);
    const again = await wmts(tile(4, 6, 13));
    expect(again.headers.get('x-tile-cache')).toBe('HIT');
    expect(Buffer.compare(again.body, first.body)).toBe(0);
    const dark = await pixels((await wmts(tile(4, 6, 13, 'img'))).body);
    expect(dark.at(128, 128)).not.toEqual(image.at(128, 128));
  });

  it('draws a kept tile again once another process has loaded a dataset (within the versions bound)', async () => {
    expect((await wmts(tile(4, 7, 13))).headers.get('x-tile-cache')).toBe('MISS');
    expect((await wmts(tile(4, 7, 13))).headers.get('x-tile-cache')).toBe('HIT');
    // Another process loads the regions again: it marks the new version in the database and tells no one here.
    await db().query(`UPDATE dataset_versions SET version = version || '-elsewhere' WHERE name = (SELECT min(name) FROM dataset_versions)`);
    const now = Date.now();
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now + 6_000);
    try {
      expect((await wmts(tile(4, 7, 13))).headers.get('x-tile-cache')).toBe('MISS');
      expect((await wmts(tile(4, 7, 13))).headers.get('x-tile-cache')).toBe('HIT');
    } finally {
      clock.mockRestore();
    }
  });

  it('lists the tile matrix set and refuses tiles outside it', async () => {
    const caps = (await wmts('SERVICE=WMTS&REQUEST=GetCapabilities')).body.toString();
    expect(caps).toContain('<ows:Identifier>EPSG:900913:18</ows:Identifier>');
    const outside = await wmts(tile(2, 4, 0));
    expect(outside.status).toBe(400);
    expect(outside.body.toString()).toContain('exceptionCode="TileOutOfRange"');
  });
});
