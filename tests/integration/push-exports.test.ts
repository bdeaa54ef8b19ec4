/**
 * Issue 35.2 (exports and delivery of image push batches): the footprints shapefile and the uncovered-part shapefile
 * read back with GDAL, the Excel workbook parsed back with exceljs and equal to the batch's scenes, the uncovered part
 * plus the covered part equal to the regions (an independent PostGIS overlay), another user's batch refused, and the
 * manifest's signed links working without a session and refused when altered, moved or expired; the push user's
 * first manifest fetch is the batch's delivery.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { GET as shpGet } from '../../app/api/push/v1/batch/exportshp/route';
import { GET as manifestGet } from '../../app/api/push/v1/batch/manifest/route';
import { GET as diffGet } from '../../app/api/push/v1/exportdiffcover/route';
import { GET as excelGet } from '../../app/api/push/v1/exportexcel/route';
import { PUT as pushUserPut } from '../../app/api/push/v1/permission-v2/userid/[id]/route';
import { importStacText } from '../../lib/server/catalogue/import';
import { sceneLoadJobHandlers } from '../../lib/server/composition/scene-loads';
import { runDueJobs } from '../../lib/server/jobs/runner';
import { batchManifest } from '../../lib/server/push/exports';
import { pushJobHandlers } from '../../lib/server/push/jobs';
import { createSession, type Session } from '../../lib/server/session';
import { manifestSchema, PUSH_EXPORT_LIMITS, type PushBatchManifest } from '../../lib/shared/contracts/push-exports';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const RUNNER = { workerId: 'push-exports-test', leaseSeconds: 60, backoffSeconds: 1 };

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

let address = 0;
async function as(username: string, locale: 'zh' | 'en' = 'en') {
  const { token } = await createSession(db(), await idOf(username), { ip: 'test', userAgent: null });
  return { cookie: `token=${token}`, 'x-locale': locale, 'x-forwarded-for': `198.51.100.${++address}` };
}
async function idOf(username: string): Promise<string> {
  const [u] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  return u!.id;
}

/** Calls a route and reads the answer as bytes (a file) — and as the envelope when it is JSON. */
async function get(handler: Handler, path: string, headers: Record<string, string> = {}) {
  const url = path.startsWith('http') ? path : `http://localhost:3000${path}`;
  const response = await handler(new Request(url, { headers }), { params: Promise.resolve({}) });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? '';
  const json = type.startsWith('application/json')
    ? (JSON.parse(new TextDecoder().decode(bytes)) as { code?: number; message?: string } & Record<string, unknown>)
    : null;
  return { status: response.status, headers: response.headers, bytes, json };
}

/** A STAC item with a box footprint. */
function item(id: string, [w, s, e, n]: [number, number, number, number]) {
  const ring = [
    [w, s],
    [e, s],
    [e, n],
    [w, n],
    [w, s],
  ];
  return JSON.stringify({
    type: 'Feature',
    stac_version: '1.0.0',
    id,
    geometry: { type: 'Polygon', coordinates: [ring] },
    properties: { datetime: '2026-11-02T03:00:00Z', platform: 'gf1', instruments: ['pms'], gsd: 2, 'processing:level': 'L1A' },
    assets: {},
  });
}

let tmp: string;
/** demo-hebei's batch of the demo load (it covers Hebei whole), and demo-city's of an import (part of Shijiazhuang). */
let batchId: string;
let partialId: string;
let ownerId: string;
/** The batch's scenes, newest first, as the files list them. */
let scenes: Array<{ id: string; satellite: string; sensor: string; product_level: string; acquired: string; cloud: number | null }>;

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'push-exports-'));
  // The template's demo catalogue load queued its cut; the demo node user (demo-hebei, Hebei optical) gets a batch.
  await runDueJobs(db(), { ...sceneLoadJobHandlers(), ...pushJobHandlers() }, RUNNER, 20);
  // demo-city receives GF-1 over Shijiazhuang; an import of two scenes there covers part of it.
  const city = await idOf('demo-city');
  const admin = await as('demo-admin');
  const granted = await call(pushUserPut, `/api/push/v1/permission-v2/userid/${city}`, {
    method: 'PUT',
    body: { kind: 'dedicated', imageGrants: [{ satellites: ['GF1'], regionCodes: ['130100'] }] },
    headers: { ...admin, origin: 'http://localhost:3000' },
    params: { id: city },
  });
  expect(granted.json.code).toBe(0);
  const report = await importStacText(
    db(),
    [item('PUSHX_SJZ_A', [114.4, 37.95, 114.6, 38.15]), item('PUSHX_SJZ_B', [114.5, 38.1, 114.8, 38.3])].join('\n'),
  );
  expect(report).toMatchObject({ written: 2, problems: [] });
  await runDueJobs(db(), { ...sceneLoadJobHandlers(), ...pushJobHandlers() }, RUNNER, 20);
  const [partial] = await db().query<{ id: string }>(`SELECT id::text AS id FROM push_batches WHERE user_id = $1::bigint`, [city]);
  partialId = partial!.id;
  ownerId = await idOf('demo-hebei');
  const [batch] = await db().query<{ id: string }>(
    `SELECT id::text AS id FROM push_batches WHERE user_id = $1::bigint ORDER BY scene_count DESC LIMIT 1`,
    [ownerId],
  );
  batchId = batch!.id;
  scenes = await db().query(
    `SELECT s.id, s.satellite, s.sensor, s.product_level, to_char(s.acquired_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS acquired,
            round(s.cloud_pct::numeric, 1)::float8 AS cloud
       FROM push_batch_scenes bs JOIN scenes s ON s.id = bs.scene_id WHERE bs.batch_id = $1::bigint
      ORDER BY s.acquired_at DESC, s.id DESC`,
    [batchId],
  );
  expect(scenes.length).toBeGreaterThan(1);
  expect(scenes.length).toBeLessThanOrEqual(PUSH_EXPORT_LIMITS.maxScenes);
}, 120_000);

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const ogrinfo = (file: string) => execFileSync('ogrinfo', ['-al', '-so', `/vsizip/${file}`], { encoding: 'utf8' });

describe('push batch exports', () => {
  it('Excel: parsed back with exceljs, headers in the request’s language, one row per scene of the batch', async () => {
    for (const [locale, first, cloud] of [
      ['en', 'Scene ID', 'Cloud (%)'],
      ['zh', '景号', '云量（%）'],
    ] as const) {
      const res = await get(excelGet, `/api/push/v1/exportexcel?id=${batchId}`, await as('demo-hebei', locale));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers.get('x-export-rows')).toBe(String(scenes.length));
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.bytes.buffer as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header[0]).toBe(first);
      expect(header[6]).toBe(cloud);
      const rows: unknown[][] = [];
      sheet.eachRow((row, n) => {
        if (n > 1) rows.push(Array.from({ length: 7 }, (_, i) => row.getCell(i + 1).value ?? null));
      });
      expect(rows).toEqual(scenes.map((s) => [s.id, s.satellite, s.sensor, s.product_level, s.acquired.slice(0, 10), s.acquired, s.cloud]));
    }
  });

  it('footprints shapefile: read back with GDAL, one polygon per scene with the attributes', async () => {
    const res = await get(shpGet, `/api/push/v1/batch/exportshp?id=${batchId}`, await as('demo-hebei'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain(`push-batch-${batchId}-footprints.zip`);
    const file = join(tmp, 'footprints.zip');
    writeFileSync(file, res.bytes);
    const info = ogrinfo(file);
    expect(info).toContain(`Feature Count: ${scenes.length}`);
    expect(info).toMatch(/Geometry: Polygon/);
    expect(info).toMatch(/WGS 84|WGS_1984/);
    for (const field of [
      'SCENE_ID: String',
      'SATELLITE: String',
      'SENSOR: String',
      'LEVEL: String',
      'ACQ_DATE: String',
      'CLOUD_PCT: Real',
      'AREA_KM2: Real',
    ])
      expect(info).toContain(field);
    const one = execFileSync(
      'ogrinfo',
      [
        '-ro',
        '-q',
        '-sql',
        `SELECT SATELLITE FROM push_batch_${batchId}_footprints WHERE SCENE_ID = '${scenes[0]!.id}'`,
        `/vsizip/${file}`,
      ],
      {
        encoding: 'utf8',
      },
    );
    expect(one).toContain(`SATELLITE (String) = ${scenes[0]!.satellite}`);
  });

  it('uncovered part: a shapefile whose area plus the batch’s covered area is the regions’ area (independent overlay)', async () => {
    const res = await get(diffGet, `/api/push/v1/exportdiffcover?id=${partialId}`, await as('demo-city'));
    expect(res.status).toBe(200);
    const file = join(tmp, 'uncovered.zip');
    writeFileSync(file, res.bytes);
    expect(ogrinfo(file)).toContain('Feature Count: 1');
    const geojson = execFileSync('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', `/vsizip/${file}`], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    const feature = (JSON.parse(geojson) as { features: Array<{ geometry: unknown }> }).features[0]!;
    const [truth] = await db().query<{ region: number; covered: number; uncovered: number; inside: boolean }>(
      `WITH a AS (SELECT ST_Union(r.geom_hi) AS g FROM regions r JOIN push_batches b ON r.code = ANY (b.region_codes) WHERE b.id = $1::bigint),
            f AS (SELECT ST_Union(s.footprint) AS g FROM scenes s JOIN push_batch_scenes bs ON bs.scene_id = s.id WHERE bs.batch_id = $1::bigint),
            u AS (SELECT ST_SetSRID(ST_GeomFromGeoJSON($2), 4326) AS g)
       SELECT ST_Area(a.g::geography) / 1e6 AS region, ST_Area(ST_Intersection(a.g, f.g)::geography) / 1e6 AS covered,
              ST_Area(u.g::geography) / 1e6 AS uncovered,
              -- the uncovered part meets no footprint beyond its edges
              ST_Area(ST_Intersection(u.g, f.g)::geography) < 1e-3 AS inside
         FROM a, f, u`,
      [partialId, JSON.stringify(feature.geometry)],
    );
    expect(truth!.covered).toBeGreaterThan(0);
    expect(truth!.uncovered).toBeGreaterThan(0);
    expect(Math.abs(truth!.uncovered + truth!.covered - truth!.region)).toBeLessThanOrEqual(truth!.region * 1e-5);
    expect(truth!.inside).toBe(true);
    expect(Number(res.headers.get('x-uncovered-km2'))).toBeCloseTo(truth!.uncovered, 0);

    // demo-hebei's batch covers Hebei whole: nothing is left uncovered, the layer holds no feature.
    const whole = await get(diffGet, `/api/push/v1/exportdiffcover?id=${batchId}`, await as('demo-hebei'));
    writeFileSync(join(tmp, 'none.zip'), whole.bytes);
    expect(ogrinfo(join(tmp, 'none.zip'))).toContain('Feature Count: 0');
    expect(whole.headers.get('x-uncovered-km2')).toBe('0');
  });

  it('another user’s batch answers not found; without a session or link, unauthorized; an administrator may', async () => {
    for (const handler of [excelGet, shpGet, diffGet, manifestGet] as Handler[]) {
      const path = `/api/push/v1/any?id=${batchId}`;
      const other = await get(handler, path, await as('demo-city'));
      expect(other.json).toMatchObject({ code: 404, data: null });
      expect(other.headers.get('content-disposition')).toBeNull();
      expect((await get(handler, path)).status).toBe(401);
      expect((await get(handler, path, await as('demo-admin'))).status).toBe(200);
    }
    // A batch that does not exist: not found, as another's.
    expect((await get(excelGet, '/api/push/v1/exportexcel?id=999999999', await as('demo-hebei'))).json).toMatchObject({ code: 404 });
  });
});

describe('push batch manifest', () => {
  it('lists the scenes and signed links; the owner’s first fetch is the delivery, an administrator’s is not', async () => {
    const deliveredAt = async () =>
      (await db().query<{ at: Date | null }>(`SELECT delivered_at AS at FROM push_batches WHERE id = $1::bigint`, [batchId]))[0]!.at;
    expect(await deliveredAt()).toBeNull();
    const byAdmin = await get(manifestGet, `/api/push/v1/batch/manifest?id=${batchId}`, await as('demo-admin'));
    expect(byAdmin.status).toBe(200);
    expect(await deliveredAt()).toBeNull();

    const res = await get(manifestGet, `/api/push/v1/batch/manifest?id=${batchId}`, await as('demo-hebei'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(`push-batch-${batchId}-manifest.json`);
    const manifest = manifestSchema.parse(res.json);
    const first = await deliveredAt();
    expect(first).not.toBeNull();
    expect(manifest.deliveredAt).toBe(new Date(first!).toISOString());
    expect(manifest).toMatchObject({ batchId, username: 'demo-hebei', sceneCount: scenes.length, truncated: false });
    expect(manifest.scenes.map((s) => s.id)).toEqual(scenes.map((s) => s.id));
    for (const s of manifest.scenes) {
      const [w, south, e, n] = s.bbox;
      expect(w).toBeLessThan(e);
      expect(south).toBeLessThan(n);
    }
    expect(manifest.files.map((f) => f.kind)).toEqual(['shp', 'xlsx', 'diffcover']);
    expect(manifest.expires - Date.now() / 1000).toBeGreaterThan(PUSH_EXPORT_LIMITS.linkTtlSeconds - 60);

    // Again: the delivery stays the first fetch.
    const again = manifestSchema.parse((await get(manifestGet, `/api/push/v1/batch/manifest?id=${batchId}`, await as('demo-hebei'))).json);
    expect(again.deliveredAt).toBe(manifest.deliveredAt);

    // The fetch is also the acknowledgement the pull feed records: re-delivered on request, it is open again until
    // the manifest is fetched again.
    const acknowledged = async () =>
      (await db().query<{ at: Date | null }>(`SELECT acknowledged_at AS at FROM push_batches WHERE id = $1::bigint`, [batchId]))[0]!.at;
    expect(await acknowledged()).not.toBeNull();
    await db().query(`UPDATE push_batches SET acknowledged_at = NULL, redelivery_count = redelivery_count + 1 WHERE id = $1::bigint`, [
      batchId,
    ]);
    await get(manifestGet, `/api/push/v1/batch/manifest?id=${batchId}`, await as('demo-admin'));
    expect(await acknowledged()).toBeNull();
    await get(manifestGet, `/api/push/v1/batch/manifest?id=${batchId}`, await as('demo-hebei'));
    expect(await acknowledged()).not.toBeNull();
  });

  it('links work without a session; altered, moved to another file or batch, or expired, they are refused', async () => {
    const admin: Session = {
      sessionId: 'test',
      userId: await idOf('demo-admin'),
      username: 'demo-admin',
      accountType: 1,
      permissions: ['MOD_ADMIN'],
      regionIds: [],
    };
    const manifest: PushBatchManifest = await batchManifest(db(), admin, batchId, 'en');
    const link = (kind: string) => new URL(manifest.files.find((f) => f.kind === kind)!.url);
    const handlers: Record<string, Handler> = { shp: shpGet, xlsx: excelGet, diffcover: diffGet };
    for (const kind of ['shp', 'xlsx', 'diffcover']) {
      const ok = await get(handlers[kind]!, link(kind).toString());
      expect(ok.status).toBe(200);
      expect(ok.json).toBeNull();
    }
    const xlsx = link('xlsx');
    const sig = xlsx.searchParams.get('sig')!;
    const altered = new URL(xlsx);
    altered.searchParams.set('sig', `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`);
    const refusedAltered = await get(excelGet, altered.toString(), { 'x-locale': 'en' });
    expect(refusedAltered.status).toBe(403);
    expect(refusedAltered.json).toMatchObject({ code: 403, message: expect.stringContaining('invalid') });
    const later = new URL(xlsx);
    later.searchParams.set('expires', String(Number(xlsx.searchParams.get('expires')) + 3600));
    expect((await get(excelGet, later.toString())).status).toBe(403);
    // The Excel link's signature opens neither the shapefile nor another batch.
    expect((await get(shpGet, xlsx.toString().replace('/exportexcel', '/batch/exportshp'))).status).toBe(403);
    const moved = new URL(xlsx);
    moved.searchParams.set('id', String(Number(batchId) + 1));
    expect((await get(excelGet, moved.toString())).status).toBe(403);
    // A manifest made long ago: its links have expired.
    const old = await batchManifest(db(), admin, batchId, 'zh', Date.now() - (PUSH_EXPORT_LIMITS.linkTtlSeconds + 60) * 1000);
    const expired = await get(excelGet, old.files.find((f) => f.kind === 'xlsx')!.url);
    expect(expired.status).toBe(410);
    expect(expired.json).toMatchObject({ code: 403 });
  });
});
