import { GET as wfsGet } from '../../app/map/cloudPlatform/wfs/route';
import { GET as wmsGet } from '../../app/map/cloudPlatform/wms/route';
import { GET as gridGet } from '../../app/api/spot/v2/gridstatistics/percent/route';
import { GET as spotGet } from '../../app/api/spot/v2/spotmeta/id/[id]/route';
import { GET as spotsGet } from '../../app/api/spot/v2/spotmeta/route';
import { GET as statisticsGet } from '../../app/api/spot/v2/spotstatistics/[x]/route';
import { GET as latestGet } from '../../app/api/spot/v2/spotstatistics/lastest/route';
import { GET as trendGet } from '../../app/api/spot/v2/spotstatistics/trend/route';
import { GET as dictionaryGet } from '../../app/api/system/v1/dic/code/[CODE]/item/s/route';
import { GET as ownRangesGet } from '../../app/api/main/v1/arearange/userid/route';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { spotCql } from '../../components/monitor/monitor-state';
import { createSession } from '../../lib/server/session';
import { gridPercentSchema, spotDetailSchema, spotSchema, spotStatisticsSchema, spotTrendSchema } from '../../lib/shared/contracts/spots';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();

async function tokenOf(username: string): Promise<string> {
  const [user] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  return (await createSession(db(), user!.id, { ip: 'test', userAgent: null })).token;
}

async function currentBatch(): Promise<string> {
  const [row] = await db().query<{ id: string }>(`SELECT id::text AS id FROM spot_batches WHERE theme = 'landcover' AND is_current`);
  return row!.id;
}

async function ows(handler: (r: Request) => Promise<Response>, path: string, token?: string) {
  const response = await handler(new Request(`http://localhost:3000${path}`, { headers: token ? { token } : {} }));
  return { status: response.status, text: await response.text() };
}

describe('spot statistics (public)', () => {
  it('counts the current batch by province exactly as SQL does', async () => {
    const response = await call(latestGet, '/api/spot/v2/spotstatistics/lastest', { headers: { 'x-locale': 'en' } });
    expect(response.json.code).toBe(0);
    const data = spotStatisticsSchema.parse(response.json.data);
    const batch = await currentBatch();
    expect(data.batch?.id).toBe(batch);
    expect(data.batch?.current).toBe(true);
    expect(data.level).toBe('province');
    const expected = await db().query<{ p: string; n: number; a: number }>(
      `SELECT left(xzqdm, 2) || '0000' AS p, count(*)::int AS n, sum(area_m2) AS a FROM spots WHERE batch_id = $1 GROUP BY 1`,
      [batch],
    );
    expect(expected.length).toBeGreaterThan(10);
    for (const row of expected) {
      const item = data.items.find((i) => i.code === row.p)!;
      expect(item.count).toBe(row.n);
      expect(item.area).toBeCloseTo(row.a, 1);
    }
    const provinces = await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM regions WHERE parent_code = '100000'`);
    expect(data.items).toHaveLength(provinces[0]!.n);
    expect(data.total.count).toBe(expected.reduce((n, r) => n + r.n, 0));
    expect(data.max.count).toBe(Math.max(...expected.map((r) => r.n)));
    expect(data.items.find((i) => i.code === '130000')!.name).toBe('Hebei');
    // Outside the monitoring programme: flagged, so clients draw "no data" instead of 0.
    expect(data.items.filter((i) => !i.monitored).map((i) => i.code)).toEqual(['710000', '810000', '820000']);
  });

  it('drills to a province’s children and lists every county of the country, with filters', async () => {
    const [first] = await db().query<{ id: string }>(
      `SELECT id::text AS id FROM spot_batches WHERE theme = 'landcover' ORDER BY quarter LIMIT 1`,
    );
    const cities = await call(statisticsGet, `/api/spot/v2/spotstatistics/${first!.id}?regionId=130000&tblx=101&changeType=1,2`, {
      params: { x: first!.id },
    });
    expect(cities.json.code).toBe(0);
    const data = spotStatisticsSchema.parse(cities.json.data);
    expect(data.level).toBe('city');
    const expected = await db().query<{ c: string; n: number }>(
      `SELECT left(xzqdm, 4) || '00' AS c, count(*)::int AS n FROM spots
       WHERE batch_id = $1 AND xzqdm LIKE '13%' AND tblx = '101' AND change_type IN (1, 2) GROUP BY 1`,
      [first!.id],
    );
    for (const item of data.items) expect(item.count).toBe(expected.find((r) => r.c === item.code)?.n ?? 0);
    expect(data.total.count).toBe(expected.reduce((n, r) => n + r.n, 0));
    expect(data.total.count).toBeGreaterThan(0);

    const counties = await call(latestGet, '/api/spot/v2/spotstatistics/lastest?level=county', {});
    const all = spotStatisticsSchema.parse(counties.json.data);
    const [{ n } = { n: 0 }] = await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM regions WHERE level = 'county'`);
    expect(all.items).toHaveLength(n);
    const [{ total } = { total: 0 }] = await db().query<{ total: number }>(
      `SELECT count(*)::int AS total FROM spots s JOIN regions r ON r.code = s.xzqdm AND r.level = 'county' WHERE batch_id = $1`,
      [await currentBatch()],
    );
    expect(all.total.count).toBe(total);
    // Many counties are empty, a few dense.
    expect(all.items.filter((i) => i.count === 0).length).toBeGreaterThan(n / 3);
  });

  it('gives the trend per batch and refuses bad codes in the caller’s language', async () => {
    const response = await call(trendGet, '/api/spot/v2/spotstatistics/trend?regionId=410000', {});
    const trend = spotTrendSchema.parse(response.json.data);
    expect(trend.series.length).toBeGreaterThanOrEqual(8);
    const expected = await db().query<{ quarter: string; n: number }>(
      `SELECT b.quarter, count(s.id)::int AS n FROM spot_batches b LEFT JOIN spots s ON s.batch_id = b.id AND s.xzqdm LIKE '41%'
       WHERE b.theme = 'landcover' GROUP BY b.quarter ORDER BY b.quarter`,
    );
    expect(trend.series.map((s) => [s.quarter, s.count])).toEqual(expected.map((r) => [r.quarter, r.n]));
    for (const s of trend.series) expect(s.byChangeType.reduce((a, b) => a + b, 0)).toBe(s.count);

    for (const query of ['regionId=13000', 'regionId=999999', 'tblx=999', 'stage=x', 'changeType=5', 'level=village']) {
      const bad = await call(latestGet, `/api/spot/v2/spotstatistics/lastest?${query}`, { headers: { 'x-locale': 'en' } });
      const zh = await call(latestGet, `/api/spot/v2/spotstatistics/lastest?${query}`, { headers: { 'x-locale': 'zh' } });
      expect(bad.status).toBe(200);
      expect(bad.json.code).toBe(400);
      expect(zh.json.code).toBe(400);
      expect(zh.json.message).not.toBe(bad.json.message);
    }
    const missing = await call(statisticsGet, '/api/spot/v2/spotstatistics/999999', { params: { x: '999999' } });
    expect(missing.json.code).toBe(404);
  });

  it('serves the dictionaries in both languages', async () => {
    const en = await call(dictionaryGet, '/api/system/v1/dic/code/SPOT_META_STAGE/item/s', {
      params: { CODE: 'SPOT_META_STAGE' },
      headers: { 'x-locale': 'en' },
    });
    expect(en.json.data.map((i: { itemValue: string }) => i.itemValue)).toEqual(['1', '2', '3']);
    expect(en.json.data[2]).toMatchObject({ name: 'Field verified', nameZh: '外业核查', nameEn: 'Field verified' });
    const change = await call(dictionaryGet, '/x', { params: { CODE: 'SPOT_CHANGE_TYPE' }, headers: { 'x-locale': 'zh' } });
    expect(change.json.data.map((i: { name: string }) => i.name)).toEqual(['未变化', '扩建', '拆除', '部分拆除']);
    const unknown = await call(dictionaryGet, '/x', { params: { CODE: 'USERS' } });
    expect(unknown.json.code).toBe(400);
  });
});

describe('spot detail (login and area ranges)', () => {
  it('answers 401 to anonymous detail reads', async () => {
    expect((await call(spotsGet, '/api/spot/v2/spotmeta')).status).toBe(401);
    expect((await call(spotGet, '/api/spot/v2/spotmeta/id/1', { params: { id: '1' } })).status).toBe(401);
    expect((await call(gridGet, '/api/spot/v2/gridstatistics/percent')).status).toBe(401);
  });

  it('filters the list and pages within bounds', async () => {
    const token = await tokenOf('demo-admin');
    const headers = { token, 'x-locale': 'en' };
    const first = await call(spotsGet, '/api/spot/v2/spotmeta', { headers });
    expect(first.json.code).toBe(0);
    expect(first.json.data.pageSize).toBe(20);
    expect(first.json.data.pageNum).toBe(1);
    expect(first.json.data.list).toHaveLength(20);
    const [{ n } = { n: 0 }] = await db().query<{ n: number }>("SELECT count(*)::int AS n FROM spots WHERE theme = 'landcover'");
    expect(first.json.data.total).toBe(n);

    const query = 'batchStart=20250101&batchEnd=20250930&stage=3&tblx=101&xzqdm=130000&pageSize=100';
    const filtered = await call(spotsGet, `/api/spot/v2/spotmeta?${query}`, { headers });
    const [{ m } = { m: 0 }] = await db().query<{ m: number }>(
      `SELECT count(*)::int AS m FROM spots s JOIN spot_batches b ON b.id = s.batch_id
       WHERE b.quarter IN ('2025Q1', '2025Q2', '2025Q3') AND s.stage = '3' AND s.tblx = '101' AND s.xzqdm LIKE '13%'`,
    );
    expect(m).toBeGreaterThan(0);
    expect(filtered.json.data.total).toBe(m);
    for (const raw of filtered.json.data.list) {
      const spot = spotSchema.parse(raw);
      expect(spot).toMatchObject({ stage: '3', tblx: '101', stageName: 'Field verified' });
      expect(spot.xzqdm.startsWith('13')).toBe(true);
      expect(['2025Q1', '2025Q2', '2025Q3']).toContain(spot.quarter);
    }

    const one = spotSchema.parse(first.json.data.list[0]);
    const byName = await call(spotsGet, `/api/spot/v2/spotmeta?filename=${one.filename.slice(0, 30)}`, { headers });
    expect(byName.json.data.total).toBeGreaterThan(0);
    for (const spot of byName.json.data.list) expect(spot.filename.startsWith(one.filename.slice(0, 30))).toBe(true);
    const wildcard = await call(spotsGet, '/api/spot/v2/spotmeta?filename=%25', { headers });
    expect(wildcard.json.data.total).toBe(0);

    const last = await call(spotsGet, `/api/spot/v2/spotmeta?pageSize=100&pageNum=${Math.ceil(n / 100)}`, { headers });
    expect(last.json.data.list).toHaveLength(n % 100 || 100);
    const beyond = await call(spotsGet, `/api/spot/v2/spotmeta?pageSize=100&pageNum=${Math.ceil(n / 100) + 1}`, { headers });
    expect(beyond.json.data.list).toHaveLength(0);
    for (const bad of ['pageSize=101', 'pageSize=0', 'pageNum=0', 'pageNum=abc']) {
      expect((await call(spotsGet, `/api/spot/v2/spotmeta?${bad}`, { headers })).json.code).toBe(400);
    }
  });

  it('refuses bad dates and codes with a localized message', async () => {
    const token = await tokenOf('demo-admin');
    for (const bad of [
      'batchStart=20250230',
      'batchStart=2025-01-01',
      'batchEnd=20251301',
      'batchStart=20250601&batchEnd=20250101',
      'xzqdm=11000',
      'xzqdm=abcdef',
      'stage=9',
      'tblx=101%27--',
      'filename=' + 'a'.repeat(101),
    ]) {
      const en = await call(spotsGet, `/api/spot/v2/spotmeta?${bad}`, { headers: { token, 'x-locale': 'en' } });
      const zh = await call(spotsGet, `/api/spot/v2/spotmeta?${bad}`, { headers: { token, 'x-locale': 'zh' } });
      expect([en.json.code, zh.json.code]).toEqual([400, 400]);
      expect(en.json.message).not.toBe(zh.json.message);
    }
    const date = await call(spotsGet, '/api/spot/v2/spotmeta?batchStart=20250230', { headers: { token, 'x-locale': 'en' } });
    expect(date.json.message).toContain('YYYYMMDD');
    const range = await call(spotsGet, '/api/spot/v2/spotmeta?batchStart=20250601&batchEnd=20250101', {
      headers: { token, 'x-locale': 'zh' },
    });
    expect(range.json.message).toContain('开始日期不能晚于结束日期');
  });

  it('shows a Hebei user nothing of Beijing through the API, WMS and WFS', async () => {
    const hebei = await tokenOf('demo-hebei');
    const admin = await tokenOf('demo-admin');
    const [beijing] = await db().query<{ id: string; lon: number; lat: number }>(
      `SELECT id::text AS id, ST_X(center) AS lon, ST_Y(center) AS lat FROM spots WHERE theme = 'landcover' AND xzqdm LIKE '11%' ORDER BY area_m2 DESC LIMIT 1`,
    );
    expect(beijing).toBeDefined();

    const list = await call(spotsGet, '/api/spot/v2/spotmeta?pageSize=100', { headers: { token: hebei } });
    expect(list.json.data.total).toBeGreaterThan(0);
    expect(list.json.data.list.every((s: { xzqdm: string }) => s.xzqdm.startsWith('13'))).toBe(true);
    const [{ n } = { n: 0 }] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM spots WHERE theme = 'landcover' AND xzqdm LIKE '13%'`,
    );
    expect(list.json.data.total).toBe(n);
    expect((await call(spotsGet, '/api/spot/v2/spotmeta?xzqdm=110000', { headers: { token: hebei } })).json.data.total).toBe(0);
    expect((await call(spotsGet, '/api/spot/v2/spotmeta?xzqdm=110000', { headers: { token: admin } })).json.data.total).toBeGreaterThan(0);

    const hidden = await call(spotGet, `/api/spot/v2/spotmeta/id/${beijing!.id}`, {
      params: { id: beijing!.id },
      headers: { token: hebei },
    });
    expect(hidden.json.code).toBe(404);
    const shown = await call(spotGet, `/api/spot/v2/spotmeta/id/${beijing!.id}`, {
      params: { id: beijing!.id },
      headers: { token: admin },
    });
    const detail = spotDetailSchema.parse(shown.json.data);
    expect(detail.regionPath.map((r) => r.code)[0]).toBe('110000');
    expect(detail.geometry.type).toBe('MultiPolygon');

    const grid = await call(gridGet, '/api/spot/v2/gridstatistics/percent?regionId=110000', { headers: { token: hebei } });
    expect(gridPercentSchema.parse(grid.json.data).spotCount).toBe(0);
    const hebeiGrid = gridPercentSchema.parse(
      (await call(gridGet, '/api/spot/v2/gridstatistics/percent', { headers: { token: hebei } })).json.data,
    );
    const [{ c } = { c: 0 }] = await db().query<{ c: number }>(
      `SELECT count(*)::int AS c FROM spots WHERE xzqdm LIKE '13%' AND batch_id = $1`,
      [await currentBatch()],
    );
    expect(hebeiGrid.level).toBe(13);
    expect(hebeiGrid.spotCount).toBe(c);
    expect(hebeiGrid.cells.reduce((sum, cell) => sum + cell.count, 0)).toBe(c);
    // Each cell is named by the county holding most of its spots (the smallest code on a tie).
    const busiest = hebeiGrid.cells[0]!;
    const counties = await db().query<{ xzqdm: string; n: number; name: string }>(
      `SELECT s.xzqdm, count(*)::int AS n, r.name_zh AS name FROM spots s JOIN regions r ON r.code = s.xzqdm
       WHERE s.xzqdm LIKE '13%' AND s.batch_id = $1
         AND web_mercator_tile_x(ST_X(s.center), 8192) = $2 AND web_mercator_tile_y(ST_Y(s.center), 8192) = $3
       GROUP BY s.xzqdm, r.name_zh ORDER BY n DESC, s.xzqdm LIMIT 1`,
      [await currentBatch(), busiest.x, busiest.y],
    );
    expect([busiest.regionCode, busiest.regionName]).toEqual([counties[0]!.xzqdm, counties[0]!.name]);

    const { lon, lat } = beijing!;
    for (const layer of ['spot_meta', 'spot_meta_v2', 'spot_meta_style_spot_type', 'grid_statistics_default']) {
      const info = `/map/cloudPlatform/wms?SERVICE=WMS&REQUEST=GetFeatureInfo&VERSION=1.1.1&LAYERS=cloudPlatform:${layer}&QUERY_LAYERS=cloudPlatform:${layer}&STYLES=&SRS=EPSG:4326&BBOX=${lon - 0.001},${lat - 0.001},${lon + 0.001},${lat + 0.001}&WIDTH=101&HEIGHT=101&X=50&Y=50&INFO_FORMAT=application/json`;
      expect(JSON.parse((await ows(wmsGet, info, admin)).text).features.length).toBeGreaterThan(0);
      expect(JSON.parse((await ows(wmsGet, info, hebei)).text).features).toHaveLength(0);
      expect(JSON.parse((await ows(wmsGet, info)).text).features).toHaveLength(0);

      const cql = encodeURIComponent("xzqdm LIKE '11%'");
      const feature = `/map/cloudPlatform/wfs?SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=cloudPlatform:${layer}&OUTPUTFORMAT=application/json&COUNT=5&CQL_FILTER=${cql}`;
      expect(JSON.parse((await ows(wfsGet, feature, admin)).text).numberMatched).toBeGreaterThan(0);
      expect(JSON.parse((await ows(wfsGet, feature, hebei)).text).numberMatched).toBe(0);
      expect(JSON.parse((await ows(wfsGet, feature)).text).numberMatched).toBe(0);
    }
    const hebeiFeatures = JSON.parse(
      (
        await ows(
          wfsGet,
          '/map/cloudPlatform/wfs?SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=spot_meta&OUTPUTFORMAT=application/json&COUNT=50',
          hebei,
        )
      ).text,
    );
    expect(hebeiFeatures.numberMatched).toBe(n);
    expect(hebeiFeatures.features.every((f: { properties: { xzqdm: string } }) => f.properties.xzqdm.startsWith('13'))).toBe(true);
  });

  it('draws spots by change type and refuses attributes outside the CQL whitelist', async () => {
    const admin = await tokenOf('demo-admin');
    const [spot] = await db().query<{ lon: number; lat: number; change_type: number }>(
      `SELECT ST_X(center) AS lon, ST_Y(center) AS lat, change_type FROM spots WHERE theme = 'landcover' AND change_type = 1 ORDER BY area_m2 DESC LIMIT 1`,
    );
    const { lon, lat } = spot!;
    const map = `/map/cloudPlatform/wms?SERVICE=WMS&REQUEST=GetMap&VERSION=1.1.1&LAYERS=cloudPlatform:spot_meta&STYLES=&SRS=EPSG:4326&BBOX=${lon - 0.0005},${lat - 0.0005},${lon + 0.0005},${lat + 0.0005}&WIDTH=64&HEIGHT=64&FORMAT=image/png&TRANSPARENT=TRUE`;
    const response = await wmsGet(new Request(`http://localhost:3000${map}`, { headers: { token: admin } }));
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toContain('private');
    const image = await loadImage(Buffer.from(await response.arrayBuffer()));
    const canvas = createCanvas(image.width, image.height);
    canvas.getContext('2d').drawImage(image, 0, 0);
    const [r, g, b, a] = canvas.getContext('2d').getImageData(32, 32, 1, 1).data;
    // Expansion is orange (#e8590c): red well above blue and green, painted (not transparent).
    expect(a).toBeGreaterThan(100);
    expect(r! - b!).toBeGreaterThan(100);
    expect(r!).toBeGreaterThan(g!);
    const bad = await ows(
      wfsGet,
      `/map/cloudPlatform/wfs?SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=spot_meta&CQL_FILTER=${encodeURIComponent('geom IS NULL')}`,
      admin,
    );
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('ExceptionReport');
  });

  it('finds file names literally on the list, WFS and WMS alike: `_` and `%` typed by the user are not wildcards', async () => {
    const admin = await tokenOf('demo-admin');
    // 'GF1_' as a wildcard pattern would also match the GF1B_, GF1C_ and GF1D_ scenes.
    const [{ literal, wildcard } = { literal: 0, wildcard: 0 }] = await db().query<{ literal: number; wildcard: number }>(
      `SELECT count(*) FILTER (WHERE strpos(upper(filename), 'GF1_') > 0)::int AS literal,
              count(*) FILTER (WHERE filename ILIKE '%GF1_%')::int AS wildcard
         FROM spots WHERE theme = 'landcover'`,
    );
    expect(literal).toBeGreaterThan(0);
    expect(wildcard).toBeGreaterThan(literal);
    const cqlOf = (file: string, more: Partial<Parameters<typeof spotCql>[0]> = {}) =>
      spotCql({ theme: 'landcover', region: null, batchIds: null, stage: null, tblx: null, file, change: [], ...more });
    const matched = async (file: string) => {
      const url = `/map/cloudPlatform/wfs?SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=spot_meta&OUTPUTFORMAT=application/json&COUNT=1&CQL_FILTER=${encodeURIComponent(cqlOf(file))}`;
      const answer = await ows(wfsGet, url, admin);
      expect(answer.status).toBe(200);
      return JSON.parse(answer.text).numberMatched as number;
    };
    const listed = async (file: string) =>
      (await call(spotsGet, `/api/spot/v2/spotmeta?filename=${encodeURIComponent(file)}`, { headers: { token: admin } })).json.data
        .total as number;

    for (const [file, expected] of [
      ['gf1_', literal],
      ['GF1%PMS', 0],
      ['%', 0],
      ['\\', 0],
    ] as const) {
      expect({ file, list: await listed(file), map: await matched(file) }).toEqual({ file, list: expected, map: expected });
    }

    // WMS: a GF1B_ scene's spot is drawn for its own name, not for 'GF1_' (its county and batch share one scene).
    const [spot] = await db().query<{ lon: number; lat: number; xzqdm: string; batch: string; prefix: string }>(
      `SELECT ST_X(center) AS lon, ST_Y(center) AS lat, xzqdm, batch_id::text AS batch, split_part(filename, '_', 1) || '_' AS prefix
         FROM spots WHERE theme = 'landcover' AND (filename LIKE 'GF1B\\_%' OR filename LIKE 'GF1C\\_%' OR filename LIKE 'GF1D\\_%') ORDER BY area_m2 DESC LIMIT 1`,
    );
    expect(spot).toBeDefined();
    const { lon, lat } = spot!;
    const featureInfo = async (file: string) => {
      const cql = encodeURIComponent(cqlOf(file, { region: spot!.xzqdm, batchIds: [spot!.batch] }));
      const url = `/map/cloudPlatform/wms?SERVICE=WMS&REQUEST=GetFeatureInfo&VERSION=1.1.1&LAYERS=cloudPlatform:spot_meta&QUERY_LAYERS=cloudPlatform:spot_meta&STYLES=&SRS=EPSG:4326&BBOX=${lon - 0.001},${lat - 0.001},${lon + 0.001},${lat + 0.001}&WIDTH=101&HEIGHT=101&X=50&Y=50&INFO_FORMAT=application/json&CQL_FILTER=${cql}`;
      return JSON.parse((await ows(wmsGet, url, admin)).text).features.length as number;
    };
    expect(await featureInfo(spot!.prefix)).toBeGreaterThan(0);
    expect(await featureInfo('GF1_')).toBe(0);
  });

  it('refuses demo-unassigned (its only area range is suspended) exactly like a user whose range was deleted', async () => {
    const unassigned = await tokenOf('demo-unassigned');
    const ranges = await call(ownRangesGet, '/api/main/v1/arearange/userid', { headers: { token: unassigned } });
    expect(ranges.json.data).toEqual([]);
    const [{ n } = { n: 0 }] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM area_ranges a JOIN users u ON u.id = a.user_id WHERE u.username = 'demo-unassigned' AND a.status = 1`,
    );
    expect(n).toBe(1);
    const [spot] = await db().query<{ id: string }>(
      `SELECT id::text AS id FROM spots WHERE theme = 'landcover' AND xzqdm LIKE '1301%' LIMIT 1`,
    );
    const requests = [
      (token: string, locale: string) => call(spotsGet, '/api/spot/v2/spotmeta', { headers: { token, 'x-locale': locale } }),
      (token: string, locale: string) =>
        call(spotGet, `/api/spot/v2/spotmeta/id/${spot!.id}`, { params: { id: spot!.id }, headers: { token, 'x-locale': locale } }),
      (token: string, locale: string) => call(gridGet, '/api/spot/v2/gridstatistics/percent', { headers: { token, 'x-locale': locale } }),
    ];
    const answers = async (token: string) => {
      const out = [];
      for (const request of requests)
        for (const locale of ['en', 'zh']) {
          const { status, json } = await request(token, locale);
          out.push({ status, code: json.code, message: json.message, data: json.data ?? null });
        }
      return out;
    };
    const refused = await answers(unassigned);
    for (const answer of refused) expect(answer).toMatchObject({ status: 403, code: 403, data: null });
    expect(refused[0]!.message).toBe('Your account is not linked to a permission range; please contact the administrator.');
    expect(refused[1]!.message).toBe('未关联用户权限范围，请联系管理员');
    // The map services show it nothing.
    const wfs = await ows(
      wfsGet,
      '/map/cloudPlatform/wfs?SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=spot_meta&OUTPUTFORMAT=application/json&COUNT=1',
      unassigned,
    );
    expect(JSON.parse(wfs.text).numberMatched).toBe(0);

    // demo-city has the same role; with its range deleted it gets the same answers.
    const city = await tokenOf('demo-city');
    expect((await answers(city))[0]!.status).toBe(200);
    await db().query(`UPDATE area_ranges SET is_delete = 1 WHERE user_id = (SELECT id FROM users WHERE username = 'demo-city')`);
    expect(await answers(city)).toEqual(refused);
  });
});

describe('one batch drives every module (issue 32.7)', () => {
  it('a city’s count in the statistics of a batch is the detail list’s total for that batch and city', async () => {
    const headers = { token: await tokenOf('demo-admin'), 'x-locale': 'zh' };
    const batches = await db().query<{ id: string }>(
      `SELECT id::text AS id FROM spot_batches WHERE theme = 'landcover' ORDER BY period_start DESC LIMIT 2`,
    );
    expect(batches).toHaveLength(2);
    for (const { id } of batches) {
      const statistics = await call(statisticsGet, `/api/spot/v2/spotstatistics/${id}?regionId=130000`, { params: { x: id }, headers });
      expect(statistics.json.code).toBe(0);
      const cities = spotStatisticsSchema.parse(statistics.json.data).items.filter((c) => c.count > 0);
      expect(cities.length).toBeGreaterThan(0);
      for (const city of cities.slice(0, 3)) {
        const list = await call(spotsGet, `/api/spot/v2/spotmeta?batch=${id}&xzqdm=${city.code}&pageSize=1`, { headers });
        expect(list.json.code).toBe(0);
        expect(list.json.data.total).toBe(city.count);
      }
    }
  });
});
