/**
 * Issue 33 (region limits of `tb_spot_bjhs_meta`): the verification layer shows each caller exactly the cases its
 * verification roles reach — a county checker its county, a city reviewer every county of its city — in every map
 * service (WMS GetMap and GetFeatureInfo, WFS GetFeature, WMTS GetTile); an administrator every case; a signed-in
 * user without a role (area ranges do not count) and an anonymous caller none, and neither is told the layer exists.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { GET as wfsGet } from '../../app/map/cloudPlatform/wfs/route';
import { GET as wmsGet } from '../../app/map/cloudPlatform/wms/route';
import { GET as wmtsGet } from '../../app/map/gwc/service/wmts/route';
import { createSession } from '../../lib/server/session';
import { STAGE_GROUP_COLORS } from '../../lib/shared/verification/map-style';
import { withTestDatabase } from '../support/api';
import { newUser } from '../support/workflow-subjects';

const db = withTestDatabase();
const LAYER = 'cloudPlatform:tb_spot_bjhs_meta';
const HALF = 0.001;

interface Case {
  spotNo: string;
  county: string;
  status: string;
  lon: number;
  lat: number;
  due?: string;
}

/** Two counties of Shijiazhuang and one of Beijing, each case a 0.002° square around its point. */
const CASES: readonly Case[] = [
  { spotNo: 'M-A1', county: '130102', status: 'pushed', lon: 114.5, lat: 38.0 },
  { spotNo: 'M-A2', county: '130102', status: 'closed', lon: 114.52, lat: 38.0 },
  { spotNo: 'M-B1', county: '130104', status: 'submitted', lon: 114.6, lat: 38.05, due: '2020-01-31' },
  { spotNo: 'M-C1', county: '110101', status: 'passed', lon: 116.4, lat: 39.9 },
];
const ALL = CASES.map((c) => c.spotNo);
const byNo = (no: string) => CASES.find((c) => c.spotNo === no)!;

let batchId: string;
const tokens: Record<'admin' | 'checker' | 'reviewer' | 'nobody', string> = { admin: '', checker: '', reviewer: '', nobody: '' };

async function sessionOf(userId: string): Promise<string> {
  return (await createSession(db(), userId, { ip: 'test', userAgent: null })).token;
}

async function userWithRoles(name: string, roles: Array<[string, string]>): Promise<string> {
  const id = await newUser(db(), name);
  for (const [role, region] of roles)
    await db().query(`INSERT INTO user_verification_roles (user_id, role, region_code) VALUES ($1, $2, $3)`, [id, role, region]);
  return id;
}

beforeAll(async () => {
  const [batch] = await db().query<{ id: string }>(
    `INSERT INTO verification_batches (quarter, province_code, name_zh, name_en, pushed_on, check_due, review_due, confirm_due)
     VALUES ('2019Q1', '130000', '地图测试批次', 'Map test batch', '2019-01-05', '2019-02-28', '2019-03-15', '2019-03-31') RETURNING id::text`,
  );
  batchId = batch!.id;
  for (const c of CASES) {
    await db().query(
      `INSERT INTO verification_cases (batch_id, spot_no, xzqdm, source, change_type, geom, center, area_m2, status, stage_due)
       VALUES ($1, $2, $3, 'auto', 'construction', ST_Multi(ST_MakeEnvelope($4 - ${HALF}, $5 - ${HALF}, $4 + ${HALF}, $5 + ${HALF}, 4326)),
               ST_SetSRID(ST_MakePoint($4, $5), 4326), 40000, $6, $7::date)`,
      [batchId, c.spotNo, c.county, c.lon, c.lat, c.status, c.due ?? null],
    );
  }
  const [admin] = await db().query<{ id: string }>(`SELECT id::text AS id FROM users WHERE username = 'demo-admin'`);
  tokens.admin = await sessionOf(admin!.id);
  tokens.checker = await sessionOf(await userWithRoles('vm-checker', [['checker', '130102']]));
  tokens.reviewer = await sessionOf(await userWithRoles('vm-reviewer', [['reviewer', '130100']]));
  // Signed in, with an area range over the whole province, but no verification role.
  const nobody = await userWithRoles('vm-nobody', []);
  await db().query(`INSERT INTO area_ranges (user_id, region_id) VALUES ($1, '130000')`, [nobody]);
  tokens.nobody = await sessionOf(nobody);
});

type Caller = keyof typeof tokens | 'anonymous';

async function get(handler: (r: Request) => Promise<Response>, query: string, who: Caller) {
  const headers: Record<string, string> = who === 'anonymous' ? {} : { token: tokens[who] };
  const response = await handler(new Request(`http://localhost:3000/map/x?${query}`, { headers }));
  expect(response.status).toBe(200);
  return { headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

async function rgbaOf(png: Buffer): Promise<Uint8ClampedArray> {
  const image = await loadImage(png);
  const ctx = createCanvas(image.width, image.height).getContext('2d');
  ctx.drawImage(image, 0, 0);
  return ctx.getImageData(0, 0, image.width, image.height).data;
}

async function paintedPixels(png: Buffer): Promise<number> {
  const data = await rgbaOf(png);
  let painted = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
  return painted;
}

const batchCql = () => encodeURIComponent(`batch_id = ${batchId}`);

/** The spot numbers WFS GetFeature gives a caller (only this file's batch, plus an optional CQL condition). */
async function wfsSpots(who: Caller, extra = ''): Promise<string[]> {
  const cql = extra ? encodeURIComponent(`batch_id = ${batchId} AND ${extra}`) : batchCql();
  const { body } = await get(
    wfsGet,
    `SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=${LAYER}&OUTPUTFORMAT=application/json&COUNT=100&CQL_FILTER=${cql}`,
    who,
  );
  const json = JSON.parse(body.toString()) as { numberMatched: number; features: { properties: { spot_no: string } }[] };
  expect(json.numberMatched).toBe(json.features.length);
  return json.features.map((f) => f.properties.spot_no).sort();
}

const boxOf = (c: Case, half: number) => `${c.lon - half},${c.lat - half},${c.lon + half},${c.lat + half}`;

async function getMap(c: Case, who: Caller, style = '') {
  return get(
    wmsGet,
    `SERVICE=WMS&REQUEST=GetMap&VERSION=1.1.1&LAYERS=${LAYER}&STYLES=${style}&SRS=EPSG:4326&BBOX=${boxOf(c, 0.002)}&WIDTH=64&HEIGHT=64&FORMAT=image/png&TRANSPARENT=TRUE&CQL_FILTER=${batchCql()}`,
    who,
  );
}

async function featureInfo(c: Case, who: Caller): Promise<string[]> {
  const { body } = await get(
    wmsGet,
    `SERVICE=WMS&REQUEST=GetFeatureInfo&VERSION=1.1.1&LAYERS=${LAYER}&QUERY_LAYERS=${LAYER}&STYLES=&SRS=EPSG:4326&BBOX=${boxOf(c, 0.004)}&WIDTH=101&HEIGHT=101&X=50&Y=50&INFO_FORMAT=application/json&FEATURE_COUNT=10&CQL_FILTER=${batchCql()}`,
    who,
  );
  return (JSON.parse(body.toString()) as { features: { properties: { spot_no: string } }[] }).features.map((f) => f.properties.spot_no);
}

async function tile(c: Case, who: Caller) {
  const zoom = 16;
  const n = 2 ** zoom;
  const col = Math.floor(((c.lon + 180) / 360) * n);
  const latRad = (c.lat * Math.PI) / 180;
  const row = Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * n);
  return get(
    wmtsGet,
    `SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${LAYER}&STYLE=&TILEMATRIXSET=EPSG:900913&TILEMATRIX=EPSG:900913:${zoom}&TILEROW=${row}&TILECOL=${col}&FORMAT=image/png`,
    who,
  );
}

/** The spots each service shows a caller: WFS's list, and for every case whether GetFeatureInfo, GetMap and WMTS show it. */
async function observe(who: Caller) {
  const shown = { wfs: await wfsSpots(who), info: [] as string[], getMap: [] as string[], wmts: [] as string[] };
  for (const c of CASES) {
    if ((await featureInfo(c, who)).includes(c.spotNo)) shown.info.push(c.spotNo);
    if ((await paintedPixels((await getMap(c, who)).body)) > 0) shown.getMap.push(c.spotNo);
    if ((await paintedPixels((await tile(c, who)).body)) > 0) shown.wmts.push(c.spotNo);
  }
  return shown;
}

const everywhere = (spots: string[]) => ({ wfs: [...spots].sort(), info: spots, getMap: spots, wmts: spots });

describe('the verification layer tb_spot_bjhs_meta (issue 33: region limits in every map service)', () => {
  it('shows an administrator every case', async () => {
    expect(await observe('admin')).toEqual(everywhere(ALL));
  });

  it('shows a county checker the cases of its county only', async () => {
    expect(await observe('checker')).toEqual(everywhere(['M-A1', 'M-A2']));
  });

  it('shows a city reviewer every county of its city, nothing beyond', async () => {
    expect(await observe('reviewer')).toEqual(everywhere(['M-A1', 'M-A2', 'M-B1']));
  });

  it('shows nothing to a user without a verification role (area ranges do not count) and to an anonymous caller', async () => {
    expect(await observe('nobody')).toEqual(everywhere([]));
    expect(await observe('anonymous')).toEqual(everywhere([]));
  });

  it('filters by CQL on the stage, the stage group and overdue, within the caller’s range', async () => {
    expect(await wfsSpots('admin', `status = 'submitted'`)).toEqual(['M-B1']);
    expect(await wfsSpots('admin', `status IN ('pushed', 'passed')`)).toEqual(['M-A1', 'M-C1']);
    expect(await wfsSpots('checker', `status IN ('pushed', 'passed')`)).toEqual(['M-A1']);
    expect(await wfsSpots('admin', `stage_group = 'province'`)).toEqual(['M-C1']);
    // B1's stage was due in 2020 and it still runs; a closed case is never overdue.
    expect(await wfsSpots('admin', `overdue = 1`)).toEqual(['M-B1']);
    expect(await wfsSpots('reviewer', `overdue = 0`)).toEqual(['M-A1', 'M-A2']);
  });

  it('answers the attributes of a case', async () => {
    const { body } = await get(
      wfsGet,
      `SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=${LAYER}&OUTPUTFORMAT=application/json&CQL_FILTER=${encodeURIComponent(`spot_no = 'M-B1'`)}`,
      'reviewer',
    );
    const [feature] = (JSON.parse(body.toString()) as { features: { properties: Record<string, unknown>; geometry: { type: string } }[] })
      .features;
    expect(feature!.geometry.type).toBe('MultiPolygon');
    expect(feature!.properties).toMatchObject({
      spot_no: 'M-B1',
      xzqdm: '130104',
      city: '130100',
      batch_id: Number(batchId),
      quarter: '2019Q1',
      status: 'submitted',
      stage_group: 'city',
      verdict: null,
      change_type: 'construction',
      source: 'auto',
      area_m2: 40000,
      overdue: 1,
    });
    expect(String(feature!.properties.stage_due)).toMatch(/^2020-01-31/);
  });

  it('draws by stage: each group its colour, a closed case as an outline only, an overdue case with a dark outline', async () => {
    // The centre pixel of each case's square (the image is 64 px over 0.004°: the square spans pixels 16–48).
    const centre = async (c: Case, style = '') => {
      const data = await rgbaOf((await getMap(c, 'admin', style)).body);
      const i = (32 * 64 + 32) * 4;
      return Array.from(data.slice(i, i + 4));
    };
    const near = (pixel: number[], hex: string) => {
      const rgb = [1, 3, 5].map((k) => Number.parseInt(hex.slice(k, k + 2), 16));
      return rgb.every((v, k) => Math.abs(v - pixel[k]!) <= 12) && pixel[3]! > 100;
    };
    expect(near(await centre(byNo('M-A1')), STAGE_GROUP_COLORS.county)).toBe(true);
    expect(near(await centre(byNo('M-B1')), STAGE_GROUP_COLORS.city)).toBe(true);
    expect(near(await centre(byNo('M-C1')), STAGE_GROUP_COLORS.province)).toBe(true);
    expect((await centre(byNo('M-A2')))[3]).toBe(0);
    expect(await paintedPixels((await getMap(byNo('M-A2'), 'admin')).body)).toBeGreaterThan(0);
    // No verdict yet: the verdict style draws an outline only.
    expect((await centre(byNo('M-A1'), 'verdict'))[3]).toBe(0);
    // The overdue case's edge (row 16) is dark red where dashes fall; an on-time case's edge is its own colour.
    const edge = async (c: Case) => {
      const data = await rgbaOf((await getMap(c, 'admin')).body);
      return Array.from({ length: 24 }, (_, k) => Array.from(data.slice((16 * 64 + 20 + k) * 4, (16 * 64 + 20 + k) * 4 + 4)));
    };
    const darkRed = (p: number[]) => p[3]! > 200 && p[0]! > 120 && p[1]! < 60 && p[2]! < 60;
    expect((await edge(byNo('M-B1'))).some(darkRed)).toBe(true);
    expect((await edge(byNo('M-A1'))).some(darkRed)).toBe(false);
  });

  it('never shares what one caller sees with another: restricted images and tiles are private, and the layer is listed only to those with a role', async () => {
    const a1 = byNo('M-A1');
    const first = await tile(a1, 'checker');
    expect(first.headers.get('x-tile-cache')).toBe('BYPASS');
    expect(first.headers.get('cache-control')).toMatch(/^private/);
    expect(await paintedPixels((await tile(a1, 'nobody')).body)).toBe(0);
    expect((await getMap(a1, 'checker')).headers.get('cache-control')).toMatch(/^private/);
    for (const service of ['WMS', 'WFS', 'WMTS'] as const) {
      const handler = { WMS: wmsGet, WFS: wfsGet, WMTS: wmtsGet }[service];
      const listed = async (who: Caller) => (await get(handler, `SERVICE=${service}&REQUEST=GetCapabilities`, who)).body.toString();
      expect(await listed('anonymous')).not.toContain('tb_spot_bjhs_meta');
      expect(await listed('nobody')).not.toContain('tb_spot_bjhs_meta');
      expect(await listed('checker')).toContain(LAYER);
      expect(await listed('admin')).toContain(LAYER);
    }
  });
});
