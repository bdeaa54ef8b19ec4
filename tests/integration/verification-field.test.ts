/**
 * Issue 34.3 and 34.4: a rectified illegal case lists the catalogue scenes covering its spot acquired after it was
 * marked rectified (and the next land-cover batch's spots there); the province closes it citing one of them — a
 * citation not in the list is refused and changes nothing, one in it is recorded in the hashed history; spotTrack's
 * count of rectified cases with imagery equals the SQL count. Field routes: a county's open spots ordered for a
 * checker of it, bounded, 404 elsewhere, and as GPX/KML files that parse back.
 */
import { DOMParser } from '@xmldom/xmldom';
import { POST as movePost } from '../../app/api/process-spot-bjhs/v1/process/[id]/route';
import { GET as statsGet } from '../../app/api/process-spot-bjhs/v1/process/statistics/route';
import { GET as routeGet } from '../../app/api/process-spot-bjhs/v1/process/field-route/route';
import { GET as routeFileGet } from '../../app/api/process-spot-bjhs/v1/process/field-route/download/route';
import { GET as detailGet } from '../../app/api/push-spot-bjhs/v3/spot-meta/detail/[id]/route';
import { createSession } from '../../lib/server/session';
import { readHistory, verifyChain } from '../../lib/server/workflow';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const BASE = 'http://localhost:3000';

let address = 0;
async function as(username: string, locale: 'zh' | 'en' = 'en') {
  const [u] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  const { token } = await createSession(db(), u!.id, { ip: 'test', userAgent: null });
  return { cookie: `token=${token}`, origin: BASE, 'x-locale': locale, 'x-forwarded-for': `192.0.2.${++address}` };
}

// A county of Hebei the demo confirmer reaches; the spot sits in the South Atlantic, where no demo scene lies, so the
// only scenes covering it are this file's.
const COUNTY = '130104';
const LON = -30;
const LAT = -50;
const RECTIFIED_AT = '2026-06-15T08:00:00Z';
const square = (lon: number, lat: number, half: number) =>
  `POLYGON((${lon - half} ${lat - half},${lon + half} ${lat - half},${lon + half} ${lat + half},${lon - half} ${lat + half},${lon - half} ${lat - half}))`;

async function scene(id: string, at: string, footprint: string, cloud: number | null) {
  await db().query(
    `INSERT INTO scenes (id, file_name, collection, satellite, sensor, platform, product_level, resolution_m, acquired_at, cloud_pct,
       footprint, centre, area_km2, online, source)
     SELECT $1, $1 || '.tar.gz', 'fixture', 'GF1', 'WFV', 'fixture', 'L1A', 16, $2::timestamptz, $3, g, ST_Centroid(g),
            ST_Area(g::geography) / 1e6, true, 'imported'
       FROM (SELECT ST_GeomFromText($4, 4326) AS g) x`,
    [id, at, cloud, footprint],
  );
}

let batchId: string;
let seq = 0;
async function rectifiedCase(verdict = 'illegal_new'): Promise<{ id: string; version: number }> {
  const [row] = await db().query<{ id: string; version: number }>(
    `INSERT INTO verification_cases (batch_id, spot_no, xzqdm, source, change_type, geom, center, area_m2, status, verdict, stage_since)
     SELECT $1, $2, $3, 'auto', '101', ST_Multi(ST_GeomFromText($4, 4326)), ST_SetSRID(ST_MakePoint($5, $6), 4326), 1000, 'rectified', $7, $8
     RETURNING id::text, version`,
    [batchId, `F${++seq}`, COUNTY, square(LON, LAT, 0.001), LON, LAT, verdict, RECTIFIED_AT],
  );
  return row!;
}

beforeAll(async () => {
  const [batch] = await db().query<{ id: string }>(
    `INSERT INTO verification_batches (quarter, province_code, name_zh, name_en, pushed_on, check_due, review_due, confirm_due)
     VALUES ('2023Q1', '130000', '外业测试批次', 'Field test batch', '2026-01-01', '2026-01-31', '2026-02-15', '2026-02-28') RETURNING id::text`,
  );
  batchId = batch!.id;
  // Covering the spot: two after the rectification, one before; one after that covers only part of it.
  await scene('FIELD_AFTER_1', '2026-07-01T03:00:00Z', square(LON, LAT, 0.5), 12.5);
  await scene('FIELD_AFTER_2', '2026-09-20T03:00:00Z', square(LON + 0.2, LAT, 0.5), null);
  await scene('FIELD_BEFORE', '2026-06-15T07:59:00Z', square(LON, LAT, 0.5), 3);
  await scene('FIELD_PARTIAL', '2026-08-01T03:00:00Z', square(LON + 0.5, LAT, 0.5005), 0);
  // Land-cover batches: a spot there in 2026Q3 (detected after the rectification), one in 2026Q4, one detected before.
  const batches = await db().query<{ id: string; quarter: string }>(
    `INSERT INTO spot_batches (theme, quarter, type_name_zh, type_name_en, period_start, period_end, status)
     VALUES ('landcover', '2030Q3', '测试', 'Test Q3', '2030-07-01', '2030-09-30', 'published'),
            ('landcover', '2030Q4', '测试', 'Test Q4', '2030-10-01', '2030-12-31', 'published'),
            ('landcover', '2030Q2', '测试', 'Test Q2', '2030-04-01', '2030-06-30', 'published')
     RETURNING id::text, quarter`,
  );
  const batchOf = (q: string) => batches.find((b) => b.quarter === q)!.id;
  for (const [q, detected] of [
    ['2030Q3', '2026-08-10'],
    ['2030Q4', '2026-11-10'],
    ['2030Q2', '2026-06-01'],
  ] as const) {
    await db().query(
      `INSERT INTO spots (theme, batch_id, xzqdm, stage, tblx, filename, area_m2, change_type, geom, center, detected_on)
       SELECT 'landcover', $1, $2, 'done', '101', 'fixture', 500, 1, ST_Multi(g), ST_PointOnSurface(g), $4::date
         FROM (SELECT ST_GeomFromText($3, 4326) AS g) x`,
      [batchOf(q), COUNTY, square(LON + 0.0005, LAT, 0.0008), detected],
    );
  }
});

const detail = async (id: string, headers: Record<string, string>) =>
  (await call(detailGet, `/api/push-spot-bjhs/v3/spot-meta/detail/${id}`, { headers, params: { id } })).json;
const move = async (id: string, body: unknown, headers: Record<string, string>) =>
  (await call(movePost, `/api/process-spot-bjhs/v1/process/${id}`, { method: 'POST', body, headers, params: { id } })).json;

describe('rectification checked on imagery', () => {
  it('lists only the scenes covering the whole spot acquired after the rectification, newest first, and the next batch’s spot', async () => {
    const c = await rectifiedCase();
    const answer = await detail(c.id, await as('demo-hebei'));
    expect(answer.code).toBe(0);
    const r = answer.data.rectification;
    expect(r.rectifiedAt).toBe('2026-06-15T08:00:00.000Z');
    expect(r.scenes.map((s: { id: string }) => s.id)).toEqual(['FIELD_AFTER_2', 'FIELD_AFTER_1']);
    expect(r.scenes[1]).toMatchObject({ satellite: 'GF1', sensor: 'WFV', cloudPct: 12.5 });
    expect(r.scenes[0].cloudPct).toBeNull();
    // The earliest batch with a spot detected since: 2030Q3 (2030Q2's was detected before; 2030Q4 comes after).
    expect(r.spots.map((s: { quarter: string }) => s.quarter)).toEqual(['2030Q3']);
    expect(r.spots[0].overlapM2).toBeGreaterThan(0);
    // Any other stage, or a legal verdict: nothing to check.
    const [other] = await db().query<{ id: string }>(
      `SELECT id::text FROM verification_cases WHERE demo AND status = 'rectifying' LIMIT 1`,
    );
    expect((await detail(other!.id, await as('demo-hebei'))).data.rectification).toBeNull();
  });

  it('refuses to close without a citation or with one not listed (nothing changes), and records a listed one in the hashed history', async () => {
    const c = await rectifiedCase();
    const province = await as('demo-hebei');
    const missing = await move(c.id, { to: 'closed', version: c.version }, province);
    expect(missing).toMatchObject({ code: 400, message: expect.stringContaining('must cite') });
    for (const evidence of [
      { kind: 'scene', id: 'FIELD_BEFORE' },
      { kind: 'scene', id: 'FIELD_PARTIAL' },
      { kind: 'scene', id: 'NO_SUCH_SCENE' },
      { kind: 'spot', id: '999999999' },
    ]) {
      const refused = await move(c.id, { to: 'closed', version: c.version, evidence }, province);
      expect([evidence.id, refused.code, refused.message]).toEqual([
        evidence.id,
        400,
        'The cited scene or spot is not among those listed for this case’s rectification.',
      ]);
    }
    // Citing on a move that cites nothing is refused too.
    const backWithScene = await move(
      c.id,
      { to: 'rectifying', version: c.version, note: 'not yet', evidence: { kind: 'scene', id: 'FIELD_AFTER_1' } },
      province,
    );
    expect(backWithScene.code).toBe(400);
    const [still] = await db().query<{ status: string; version: number }>(`SELECT status, version FROM verification_cases WHERE id = $1`, [
      c.id,
    ]);
    expect(still).toEqual({ status: 'rectified', version: c.version });
    expect(await db().query(`SELECT 1 FROM workflow_history WHERE workflow = 'verification' AND subject_id = $1`, [c.id])).toHaveLength(0);

    const closed = await move(c.id, { to: 'closed', version: c.version, evidence: { kind: 'scene', id: 'FIELD_AFTER_1' } }, province);
    expect(closed).toMatchObject({ code: 0, data: { version: c.version + 1 } });
    const history = await readHistory(db(), 'verification', c.id, 'en');
    expect(history.at(-1)).toMatchObject({ toStatus: 'closed', role: 'confirmer', evidence: 'scene:FIELD_AFTER_1' });
    expect(await verifyChain(db(), 'verification', c.id)).toMatchObject({ intact: true, rows: 1 });
    // The evidence is covered by the row's hash: changing it in SQL breaks the chain there.
    await db().query(`UPDATE workflow_history SET evidence = 'scene:FIELD_AFTER_2' WHERE workflow = 'verification' AND subject_id = $1`, [
      c.id,
    ]);
    expect(await verifyChain(db(), 'verification', c.id)).toMatchObject({ intact: false, brokenAt: { position: 1, reason: 'content' } });
    // The page shows it.
    expect((await detail(c.id, province)).data.history.at(-1).evidence).toBe('scene:FIELD_AFTER_2');
  });

  it('closes citing the next batch’s spot, and sends back without any', async () => {
    const c = await rectifiedCase('illegal_old');
    const province = await as('demo-hebei');
    const spotId = (await detail(c.id, province)).data.rectification.spots[0].id as string;
    expect((await move(c.id, { to: 'closed', version: c.version, evidence: { kind: 'spot', id: spotId } }, province)).code).toBe(0);
    const [row] = await db().query<{ evidence: string }>(
      `SELECT evidence FROM workflow_history WHERE workflow = 'verification' AND subject_id = $1 ORDER BY id DESC LIMIT 1`,
      [c.id],
    );
    expect(row!.evidence).toBe(`spot:${spotId}`);
    const back = await rectifiedCase();
    expect((await move(back.id, { to: 'rectifying', version: back.version, note: 'The building still stands.' }, province)).code).toBe(0);
  });

  it('counts per region the rectified illegal cases a later scene covers, as SQL does (spotTrack)', async () => {
    await rectifiedCase();
    const province = await as('demo-hebei');
    const figures = await call(statsGet, '/api/process-spot-bjhs/v1/process/statistics?region=130000', { headers: province });
    expect(figures.json.code).toBe(0);
    const expected = await db().query<{ k: string; n: number }>(
      `SELECT left(c.xzqdm, 4) AS k, count(*)::int AS n FROM verification_cases c
        WHERE c.xzqdm LIKE '13%' AND c.status = 'rectified' AND c.verdict IN ('illegal_new', 'illegal_old')
          AND EXISTS (SELECT 1 FROM scenes s WHERE ST_Covers(s.footprint, c.geom) AND s.acquired_at > c.stage_since)
        GROUP BY 1`,
    );
    const total = expected.reduce((n, e) => n + e.n, 0);
    // The demo data has rectified cases with later scenes, and this file's: the figure is not trivially zero.
    expect(total).toBeGreaterThan(1);
    expect(figures.json.data.total.rectifiedWithImagery).toBe(total);
    for (const item of figures.json.data.items as { code: string; rectifiedWithImagery: number }[])
      expect([item.code, item.rectifiedWithImagery]).toEqual([item.code, expected.find((e) => `${e.k}00` === item.code)?.n ?? 0]);
  });
});

describe('field routes', () => {
  const route = async (query: string, headers: Record<string, string>) =>
    (await call(routeGet, `/api/process-spot-bjhs/v1/process/field-route?${query}`, { headers })).json;

  it('orders the checker’s open spots of their county, from their position, with legs adding up to the total', async () => {
    const county = await as('demo-county');
    const answer = await route('county=130102&lon=114.45&lat=38.02', county);
    expect(answer.code).toBe(0);
    const open = await db().query<{ id: string }>(
      `SELECT id::text FROM verification_cases WHERE xzqdm = '130102' AND status IN ('pushed', 'checking', 'returned')`,
    );
    expect(open.length).toBeGreaterThan(2);
    expect(answer.data.stops.map((s: { id: string }) => s.id).sort()).toEqual(open.map((o) => o.id).sort());
    expect(answer.data.fromPosition).toBe(true);
    expect(answer.data.start).toEqual([114.45, 38.02]);
    const sum = answer.data.stops.reduce((n: number, s: { legM: number }) => n + s.legM, 0);
    expect(Math.abs(sum - answer.data.totalM)).toBeLessThan(1);
    expect(answer.data.totalM).toBeLessThanOrEqual(answer.data.nearestNeighbourM);
    // Without a position it starts at the first spot (by spot number).
    const fromFirst = await route('county=130102', county);
    expect(fromFirst.data.fromPosition).toBe(false);
    expect(fromFirst.data.stops[0].legM).toBe(0);
  });

  it('is not found for a county outside my checker ranges, refuses a half position, and more spots than a route takes', async () => {
    const county = await as('demo-county');
    expect((await route('county=130104', county)).code).toBe(404);
    // The city reviewer reaches 130102 but checks nothing there.
    expect((await route('county=130102', await as('demo-city'))).code).toBe(404);
    const half = await route('county=130102&lon=114.4', county);
    expect(half.code).toBe(400);
    expect((await route('county=13010', county)).code).toBe(400);
    await db().query(
      `INSERT INTO verification_cases (batch_id, spot_no, xzqdm, source, change_type, geom, center, area_m2, status)
       SELECT $1, 'BULK' || g, '130105', 'auto', '101', ST_Multi(ST_MakeEnvelope(114.5, 38.0, 114.501, 38.001, 4326)),
              ST_SetSRID(ST_MakePoint(114.5 + g * 0.0001, 38.0), 4326), 100, 'pushed'
         FROM generate_series(1, 501) g`,
      [batchId],
    );
    const tooMany = await route('county=130105', await as('demo-admin', 'zh'));
    expect(tooMany).toMatchObject({ code: 400 });
    expect(tooMany.message).toContain('501');
    expect(tooMany.message).toContain('500');
  });

  it('downloads the route as GPX and KML with their content types, names escaped, parsing back to the same order', async () => {
    const county = await as('demo-county', 'zh');
    const ordered = (await route('county=130102&lon=114.45&lat=38.02', county)).data;
    const file = async (format: string) => {
      const path = `/api/process-spot-bjhs/v1/process/field-route/download?format=${format}&county=130102&lon=114.45&lat=38.02`;
      const response = await routeFileGet(new Request(`${BASE}${path}`, { headers: county }), { params: Promise.resolve({}) });
      return { status: response.status, headers: response.headers, text: await response.text() };
    };
    const gpx = await file('gpx');
    expect(gpx.status).toBe(200);
    expect(gpx.headers.get('content-type')).toBe('application/gpx+xml; charset=utf-8');
    expect(gpx.headers.get('content-disposition')).toMatch(/attachment.*\.gpx/);
    const gpxDoc = new DOMParser().parseFromString(gpx.text, 'text/xml');
    const rtept = Array.from(gpxDoc.getElementsByTagName('rtept'));
    expect(rtept).toHaveLength(ordered.stops.length + 1);
    expect(rtept.slice(1).map((p) => p.getElementsByTagName('name')[0]!.textContent)).toEqual(
      ordered.stops.map((s: { spotNo: string }, i: number) => `${i + 1}. ${s.spotNo}`),
    );
    expect(rtept[0]!.getElementsByTagName('name')[0]!.textContent).toBe('起点');
    const kml = await file('kml');
    expect(kml.headers.get('content-type')).toBe('application/vnd.google-earth.kml+xml; charset=utf-8');
    const kmlDoc = new DOMParser().parseFromString(kml.text, 'text/xml');
    expect(kmlDoc.getElementsByTagName('Placemark')).toHaveLength(ordered.stops.length + 2);
    expect(JSON.parse((await file('shp')).text).code).toBe(400);
  });
});
