/**
 * Issue 33.6 (reports and exports): a case's PDF report in both languages (a valid PDF with the spot number and, in
 * zh, Chinese text in its embedded font; not found outside my range), and batch exports as jobs — CSV with formulas
 * defused, GeoJSON with as many features as SQL counts under the filters, a shapefile zip that GDAL and the shapefile
 * package open — over my range only, with progress while the job runs and a download link for the user who asked only.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import * as shapefile from 'shapefile';
import { GET as reportGet } from '../../app/api/process-spot-bjhs/v1/process/report/[id]/route';
import { POST as exportPost } from '../../app/api/process-spot-bjhs/v1/process/export/route';
import { GET as exportGet } from '../../app/api/process-spot-bjhs/v1/process/export/[jobId]/route';
import { GET as downloadGet } from '../../app/api/process-spot-bjhs/v1/process/export/[jobId]/download/route';
import { POST as batchExportPost } from '../../app/api/push-spot-bjhs/v3/spot-tar-meta/export/route';
import { POST as keyBatchExportPost } from '../../app/api/push-spot-zdbh/v3/spot-tar-meta/export/route';
import { resetEnvCache } from '../../lib/server/env';
import { setFileStore } from '../../lib/server/files';
import { DiskFileStore } from '../../lib/server/files/disk-store';
import { claimJob, runDueJobs, runJob, type ClaimedJob } from '../../lib/server/jobs/runner';
import type { Database } from '../../lib/server/db/types';
import { createSession } from '../../lib/server/session';
import { EXPORT_JOB, verificationExportJobHandlers } from '../../lib/server/verification/exports';
import { reportThreads, resetReportThreads } from '../../lib/server/verification/report';
import { CASE_EXPORT_LIMITS } from '../../lib/shared/contracts/verification';
import { parseCsv } from '../support/csv';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const tmp = mkdtempSync(join(tmpdir(), 'verification-exports-'));
const RUNNER = { workerId: 'test-worker', leaseSeconds: 60, backoffSeconds: 1 };

beforeAll(() => {
  setFileStore(new DiskFileStore(join(tmp, 'files')));
  process.env.REPORT_THREADS = '0';
  resetEnvCache();
});
afterAll(async () => {
  setFileStore(undefined);
  delete process.env.REPORT_THREADS;
  resetEnvCache();
  await resetReportThreads();
  rmSync(tmp, { recursive: true, force: true });
});

let address = 0;
async function as(username: string, locale: 'zh' | 'en' = 'en') {
  const [u] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  const { token } = await createSession(db(), u!.id, { ip: 'test', userAgent: null });
  return { cookie: `token=${token}`, origin: 'http://localhost:3000', 'x-locale': locale, 'x-forwarded-for': `203.0.113.${++address}` };
}
type Headers = Awaited<ReturnType<typeof as>>;

const sqlCount = async (where: string, params: unknown[] = []) =>
  (await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM verification_cases c WHERE ${where}`, params as never[]))[0]!.n;

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** A raw answer (a file or an envelope). */
async function fetchRaw(handler: Handler, path: string, headers: Record<string, string>, params: Record<string, string> = {}) {
  const response = await handler(new Request(`http://localhost:3000${path}`, { headers }), { params: Promise.resolve(params) });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** pdf.js (legacy build for Node, in a child process: it is an ES module only): page count and text. */
function readPdf(bytes: Uint8Array): { pages: number; text: string } {
  const out = execFileSync(process.execPath, [join(process.cwd(), 'tests/support/pdf-text.mjs')], { input: bytes, maxBuffer: 16 << 20 });
  return JSON.parse(out.toString('utf8')) as { pages: number; text: string };
}

const pdfText = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

describe('the PDF report of one case', () => {
  let caseId: string;
  let spotNo: string;
  beforeAll(async () => {
    // A case in the county checker's county with a verdict, scenes before and after, and a history.
    const [c] = await db().query<{ id: string; spot_no: string }>(
      `SELECT id::text AS id, spot_no FROM verification_cases
        WHERE xzqdm = '130102' AND verdict IS NOT NULL AND before_scene_id IS NOT NULL AND after_scene_id IS NOT NULL ORDER BY id LIMIT 1`,
    );
    caseId = c!.id;
    spotNo = c!.spot_no;
  });

  it('is a valid PDF in Chinese: the spot number, Chinese text in the embedded CJK font, the chain’s head hash', async () => {
    const res = await fetchRaw(reportGet, `/api/process-spot-bjhs/v1/process/report/${caseId}`, await as('demo-county', 'zh'), {
      id: caseId,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[^"]+\.pdf"; filename\*=UTF-8''%E5%9B%BE%E6%96%91/);
    expect(pdfText(res.bytes.subarray(0, 8))).toMatch(/^%PDF-1\.\d/);
    expect(pdfText(res.bytes.subarray(-8))).toContain('%%EOF');
    // Subsetted, so small; the font is embedded (a file stream under a subset name).
    expect(res.bytes.byteLength).toBeLessThan(1_500_000);
    expect(pdfText(res.bytes)).toMatch(/\/FontFile3|\/FontFile2/);
    expect(pdfText(res.bytes)).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans/);
    const { pages, text } = readPdf(res.bytes);
    expect(pages).toBeGreaterThanOrEqual(1);
    expect(text).toContain('图斑核查报告');
    expect(text).toContain(spotNo);
    expect(text).toContain('流转记录');
    expect(text).toContain('记录完整');
    expect(text).toContain('本案件暂无现场照片');
    const [head] = await db().query<{ content_hash: string }>(
      `SELECT content_hash FROM workflow_history WHERE workflow = 'verification' AND subject_id = $1 ORDER BY id DESC LIMIT 1`,
      [caseId],
    );
    expect(text.replace(/\s/g, '')).toContain(head!.content_hash);
  });

  it('is in English with ?lang=en, and shows the form as saved (a formula-like builder is plain text)', async () => {
    await db().query(
      `UPDATE verification_cases SET builder = '=HYPERLINK("http://evil.example","x")', remarks = 'Checked on site' WHERE id = $1`,
      [caseId],
    );
    const res = await fetchRaw(reportGet, `/api/process-spot-bjhs/v1/process/report/${caseId}?lang=en`, await as('demo-city', 'zh'), {
      id: caseId,
    });
    expect(res.status).toBe(200);
    const { text } = readPdf(res.bytes);
    expect(text).toContain('Spot verification report');
    expect(text).toContain('Checked on site');
    expect(text).toContain('HYPERLINK');
    expect(text).toContain('Record check');
    expect(text).not.toContain('图斑核查报告');
  });

  it('is not found outside my range, for a case that does not exist, and refuses a bad language', async () => {
    const [far] = await db().query<{ id: string }>(
      `SELECT id::text AS id FROM verification_cases WHERE xzqdm LIKE '41%' ORDER BY id LIMIT 1`,
    );
    const county = await as('demo-county');
    const outside = await call(reportGet, `/api/process-spot-bjhs/v1/process/report/${far!.id}`, {
      headers: county,
      params: { id: far!.id },
    });
    expect(outside.json.code).toBe(404);
    const personal = await call(reportGet, `/api/process-spot-bjhs/v1/process/report/${caseId}`, {
      headers: await as('demo-personal'),
      params: { id: caseId },
    });
    expect(personal.json.code).toBe(404);
    expect(
      (await call(reportGet, `/api/process-spot-bjhs/v1/process/report/99999999`, { headers: county, params: { id: '99999999' } })).json
        .code,
    ).toBe(404);
    const bad = await call(reportGet, `/api/process-spot-bjhs/v1/process/report/${caseId}?lang=fr`, {
      headers: await as('demo-county', 'zh'),
      params: { id: caseId },
    });
    expect(bad.json.code).toBe(400);
    expect(bad.json.message).toContain('语言须为 zh 或 en');
    expect((await call(reportGet, `/api/process-spot-bjhs/v1/process/report/${caseId}`, { params: { id: caseId } })).status).toBe(401);
  });

  it('is laid out on a worker thread when threads are on', async () => {
    process.env.REPORT_THREADS = '1';
    resetEnvCache();
    await resetReportThreads();
    try {
      const res = await fetchRaw(reportGet, `/api/process-spot-bjhs/v1/process/report/${caseId}`, await as('demo-hebei', 'zh'), {
        id: caseId,
      });
      expect(res.status).toBe(200);
      expect(reportThreads()).not.toBeNull();
      expect(readPdf(res.bytes).text).toContain(spotNo);
    } finally {
      process.env.REPORT_THREADS = '0';
      resetEnvCache();
      await resetReportThreads();
    }
  });
});

describe('batch exports as jobs', () => {
  const handlers = () => verificationExportJobHandlers({ pageRows: 50 });
  const ask = (handler: Handler, path: string, headers: Headers, body: unknown) => call(handler, path, { method: 'POST', body, headers });
  const state = (headers: Headers, id: string) =>
    call(exportGet, `/api/process-spot-bjhs/v1/process/export/${id}`, { headers, params: { jobId: id } });
  const download = async (headers: Headers, url: string) => {
    const id = /export\/(\d+)\/download/.exec(url)![1]!;
    return fetchRaw(downloadGet, url, headers, { jobId: id });
  };

  it('writes a CSV of my range with formula-like text defused, in my language with a BOM', async () => {
    const [c] = await db().query<{ id: string; spot_no: string }>(
      `UPDATE verification_cases SET remarks = '=HYPERLINK("http://evil.example","click")', builder = '@SUM(1+1)'
        WHERE id = (SELECT id FROM verification_cases WHERE xzqdm = '130102' ORDER BY id LIMIT 1) RETURNING id::text AS id, spot_no`,
    );
    const county = await as('demo-county', 'zh');
    const asked = await ask(exportPost, '/api/process-spot-bjhs/v1/process/export', county, { format: 'csv' });
    expect(asked.json.code).toBe(0);
    expect(asked.json.data).toMatchObject({
      status: 'queued',
      progress: 0,
      matched: await sqlCount(`c.xzqdm LIKE '130102%'`),
      download: null,
    });
    expect(await runDueJobs(db(), handlers(), RUNNER)).toBe(1);
    const done = await state(county, asked.json.data.id);
    expect(done.json.data).toMatchObject({ status: 'done', progress: 1, rows: asked.json.data.matched, format: 'csv' });
    expect(done.json.data.fileName).toMatch(/^图斑核查案件-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download(county, done.json.data.download.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; /);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(file.bytes);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]).toContain('图斑编号');
    expect(rows).toHaveLength(asked.json.data.matched + 1);
    const header = rows[0]!;
    const row = rows.find((r) => r[header.indexOf('图斑编号')] === c!.spot_no)!;
    expect(row[header.indexOf('备注')]).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(row[header.indexOf('建设单位')]).toBe(`'@SUM(1+1)`);
    // Only the county's cases.
    expect(rows.slice(1).every((r) => r[header.indexOf('行政区代码')] === '130102')).toBe(true);
  });

  it('writes GeoJSON with as many features as SQL counts under the filters, over my range only', async () => {
    const city = await as('demo-city');
    const filters = { stage: 'submitted,closed', overdue: 'false', region: '130000' };
    const asked = await ask(exportPost, '/api/process-spot-bjhs/v1/process/export', city, { ...filters, format: 'geojson' });
    expect(asked.json.code).toBe(0);
    const expected = await sqlCount(
      `c.xzqdm LIKE '1301%' AND c.status IN ('submitted', 'closed') AND NOT (c.stage_due < current_date AND c.status <> 'closed')`,
    );
    expect(expected).toBeGreaterThan(0);
    expect(asked.json.data.matched).toBe(expected);
    await runDueJobs(db(), handlers(), RUNNER);
    const done = await state(city, asked.json.data.id);
    expect(done.json.data.status).toBe('done');
    const file = await download(city, done.json.data.download.url);
    expect(file.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
    const collection = JSON.parse(new TextDecoder().decode(file.bytes)) as {
      type: string;
      features: { geometry: { type: string }; properties: Record<string, unknown> }[];
    };
    expect(collection.type).toBe('FeatureCollection');
    expect(collection.features).toHaveLength(expected);
    expect(collection.features.every((f) => String(f.properties.county).startsWith('1301'))).toBe(true);
    expect(collection.features.every((f) => f.geometry.type === 'MultiPolygon')).toBe(true);
    expect(collection.features.every((f) => ['submitted', 'closed'].includes(String(f.properties.status)))).toBe(true);
  });

  it('writes a shapefile zip of one batch that the shapefile package and GDAL open', async () => {
    const [batch] = await db().query<{ id: string }>(
      `SELECT b.id::text AS id FROM verification_batches b WHERE b.province_code = '130000' ORDER BY b.quarter DESC LIMIT 1`,
    );
    const province = await as('demo-hebei');
    const asked = await ask(batchExportPost, '/api/push-spot-bjhs/v3/spot-tar-meta/export', province, {
      batchId: batch!.id,
      format: 'shp',
    });
    expect(asked.json.code).toBe(0);
    const expected = await sqlCount(`c.batch_id = $1 AND c.source = 'auto' AND c.xzqdm LIKE '13%'`, [batch!.id]);
    expect(asked.json.data.matched).toBe(expected);
    await runDueJobs(db(), handlers(), RUNNER);
    const done = await state(province, asked.json.data.id);
    expect(done.json.data.status).toBe('done');
    const file = await download(province, done.json.data.download.url);
    expect(file.headers.get('content-type')).toBe('application/zip');
    const zip = unzipSync(file.bytes);
    expect(Object.keys(zip).sort()).toEqual(['cpg', 'dbf', 'prj', 'shp', 'shx'].map((e) => `verification_cases.${e}`));
    const read = await shapefile.read(zip['verification_cases.shp']!.slice().buffer, zip['verification_cases.dbf']!.slice().buffer, {
      encoding: 'utf-8',
    });
    expect(read.features).toHaveLength(expected);
    expect(read.features.every((f) => f.properties?.SOURCE === 'Automatic extraction')).toBe(true);
    let gdal: string | null = null;
    try {
      gdal = execFileSync('ogrinfo', ['--version'], { encoding: 'utf8' });
    } catch {
      gdal = null; // GDAL is not installed here: the shapefile package's reading above stands.
    }
    if (gdal) {
      const path = join(tmp, 'cases.zip');
      writeFileSync(path, file.bytes);
      const info = execFileSync('ogrinfo', ['-ro', '-al', '-so', `/vsizip/${path}`], { encoding: 'utf8' });
      expect(info).toContain(`Feature Count: ${expected}`);
      expect(info).toMatch(/WGS 84|WGS_1984/);
      expect(info).toContain('SPOT_NO: String');
    }
    // The key-change family exports that source only.
    const key = await ask(keyBatchExportPost, '/api/push-spot-zdbh/v3/spot-tar-meta/export', province, {
      batchId: batch!.id,
      format: 'csv',
    });
    expect(key.json.data.matched).toBe(await sqlCount(`c.batch_id = $1 AND c.source = 'key_change' AND c.xzqdm LIKE '13%'`, [batch!.id]));
    await runDueJobs(db(), handlers(), RUNNER);
    expect((await state(province, key.json.data.id)).json.data.status).toBe('done');
  });

  it('reports progress while the job runs', async () => {
    const province = await as('demo-hebei');
    const asked = await ask(exportPost, '/api/process-spot-bjhs/v1/process/export', province, { region: '130100', format: 'csv' });
    expect(asked.json.data.matched).toBeGreaterThan(100);
    const seen: number[] = [];
    const base = verificationExportJobHandlers({ pageRows: 40 })[EXPORT_JOB]!;
    // The state as the screen polls it, read right after each progress report the job writes.
    const watched = (inner: Database): Database =>
      new Proxy(inner, {
        get(target, prop, receiver) {
          if (prop !== 'query') {
            const value = Reflect.get(target, prop, receiver) as unknown;
            return typeof value === 'function' ? value.bind(target) : value;
          }
          return async (sql: string, params?: unknown[]) => {
            const rows = await target.query(sql, params as never[]);
            if (/^UPDATE jobs SET progress/.test(sql)) seen.push((await state(province, asked.json.data.id)).json.data.progress as number);
            return rows;
          };
        },
      });
    const polling = { [EXPORT_JOB]: { ...base, run: (inner: Database, job: ClaimedJob) => base.run(watched(inner), job) } };
    const job = await claimJob(db(), [EXPORT_JOB], RUNNER);
    expect(job).not.toBeNull();
    // Claimed, not yet done: running.
    expect((await state(province, asked.json.data.id)).json.data.status).toBe('running');
    await runJob(db(), polling, job!, RUNNER);
    const [row] = await db().query<{ progress: number }>(`SELECT progress FROM jobs WHERE id = $1`, [job!.id]);
    expect(row!.progress).toBeGreaterThan(0.5);
    // One report per page of 40, never falling, below 1 until the file is stored.
    expect(seen.length).toBe(Math.ceil((asked.json.data.matched as number) / 40));
    expect(seen.every((p, i) => p > 0 && p < 1 && (i === 0 || p >= seen[i - 1]!))).toBe(true);
    expect((await state(province, asked.json.data.id)).json.data).toMatchObject({ status: 'done', progress: 1 });
  });

  it('gives the state and the file to the user who asked only', async () => {
    const county = await as('demo-county');
    const asked = await ask(exportPost, '/api/process-spot-bjhs/v1/process/export', county, { format: 'geojson', stage: 'checking' });
    await runDueJobs(db(), handlers(), RUNNER);
    const id = asked.json.data.id as string;
    const url = (await state(county, id)).json.data.download.url as string;
    expect((await download(county, url)).status).toBe(200);
    // Another user: no state, and the link (signed for the user who asked) does not open.
    const city = await as('demo-city');
    expect((await state(city, id)).json.code).toBe(404);
    const stolen = await download(city, url);
    expect(stolen.status).toBe(403);
    // A changed signature or expiry does not open it either; an expired one says so.
    expect((await download(county, url.replace(/sig=[^&]+/, `sig=${'A'.repeat(43)}`))).status).toBe(403);
    expect((await download(county, url.replace(/expires=\d+/, 'expires=1000'))).status).toBe(403);
    const anonymous = await fetchRaw(downloadGet, url, {}, { jobId: id });
    expect(anonymous.status).toBe(401);
  });

  it('refuses bad input and too many rows in my language, creating nothing', async () => {
    const before = (await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM verification_exports`))[0]!.n;
    const jobs = (await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs`))[0]!.n;
    const province = await as('demo-hebei', 'zh');
    const badFormat = await ask(exportPost, '/api/process-spot-bjhs/v1/process/export', province, { format: 'xlsx' });
    expect(badFormat.json.code).toBe(400);
    expect(badFormat.json.message).toContain('导出格式须为 csv、geojson 或 shp');
    const badStage = await ask(exportPost, '/api/process-spot-bjhs/v1/process/export', province, { format: 'csv', stage: 'nowhere' });
    expect(badStage.json.code).toBe(400);
    const noBatch = await ask(batchExportPost, '/api/push-spot-bjhs/v3/spot-tar-meta/export', await as('demo-hebei'), { format: 'csv' });
    expect(noBatch.json.code).toBe(400);
    // More than one export may hold: the administrator over every case.
    const total = await sqlCount('true');
    if (total > CASE_EXPORT_LIMITS.maxRows) {
      const tooMany = await ask(exportPost, '/api/process-spot-bjhs/v1/process/export', await as('demo-admin', 'zh'), { format: 'csv' });
      expect(tooMany.json.code).toBe(400);
      expect(tooMany.json.message).toContain(String(total));
    } else {
      // Not enough demo cases to pass the bound: more are made by copying the ones there are.
      const copies = Math.ceil((CASE_EXPORT_LIMITS.maxRows + 1 - total) / total);
      await db().query(
        `INSERT INTO verification_cases (batch_id, spot_no, xzqdm, source, change_type, geom, center, area_m2, status, demo)
         SELECT c.batch_id, c.spot_no || '-x' || g, c.xzqdm, c.source, c.change_type, c.geom, c.center, c.area_m2, c.status, c.demo
           FROM verification_cases c, generate_series(1, $1) g`,
        [copies],
      );
      const now = await sqlCount('true');
      const tooMany = await ask(exportPost, '/api/process-spot-bjhs/v1/process/export', await as('demo-admin', 'zh'), { format: 'csv' });
      expect(tooMany.json.code).toBe(400);
      expect(tooMany.json.message).toContain(String(now));
      expect(tooMany.json.message).toContain(String(CASE_EXPORT_LIMITS.maxRows));
    }
    expect((await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM verification_exports`))[0]!.n).toBe(before);
    expect((await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs`))[0]!.n).toBe(jobs);
  });
});
