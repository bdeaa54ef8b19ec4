/**
 * Issue 22: administrators upload a fresh TLE file (checked, refused whole on any broken set, unknown satellites
 * reported), it becomes the current element set the orbit answers use, and an older set can be made current again.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { POST as makeCurrentPost } from '../../app/api/sateorbit/v2/tle/[id]/current/route';
import { GET as listGet, POST as uploadPost } from '../../app/api/sateorbit/v2/tle/route';
import { GET as nowGet } from '../../app/api/satelliteimage/v2/sateorbitimage/now/[x]/route';
import { GET as openapi } from '../../app/api/openapi.json/route';
import { createSession } from '../../lib/server/session';
import { satellitesNowSchema } from '../../lib/shared/contracts/orbits';
import { tleSetPageSchema, tleSetSummarySchema, uploadedTleSetSchema } from '../../lib/shared/contracts/tle-admin';
import { parseTles, tleChecksum } from '../../lib/shared/satellites/tle';
import en from '../../messages/en.json';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const SHIPPED = parseTles(readFileSync(path.join(process.cwd(), 'data/satellites/eo_subset.tle'), 'utf8'));
const DAY = 86_400_000;
/** GF-2, GF-1 02 and ZY-3 02: active Chinese land-observation satellites of the satellite pages. */
const CHINESE = [40118, 43259, 41556];

let addressCounter = 0;
async function headersFor(username: string, locale: 'zh' | 'en' = 'en') {
  const [user] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  const { token } = await createSession(db(), user!.id, { ip: 'test', userAgent: null });
  return {
    cookie: `token=${token}`,
    origin: 'http://localhost:3000',
    'x-locale': locale,
    'x-forwarded-for': `192.0.2.${++addressCounter}`,
  };
}

const withChecksum = (line: string) => `${line.slice(0, 68)}${tleChecksum(line)}`;

/** Line 1 with another epoch (columns 19–32: two-digit year, day of year with fraction), checksum recomputed. */
function withEpoch(line1: string, ms: number): string {
  const year = new Date(ms).getUTCFullYear();
  const day = (ms - Date.UTC(year, 0, 1)) / DAY + 1;
  const field = `${String(year % 100).padStart(2, '0')}${day.toFixed(8).padStart(12, '0')}`;
  return withChecksum(`${line1.slice(0, 18)}${field}${line1.slice(32)}`);
}

/** A set renumbered to a satellite the portal does not describe, at `epochMs`. */
function renumbered(norad: number, name: string, from: number, epochMs: number): string {
  const tle = SHIPPED.get(from)!;
  const n = String(norad).padStart(5, '0');
  return `${name}\n${withEpoch(`1 ${n}${tle.line1.slice(7)}`, epochMs)}\n${withChecksum(`2 ${n}${tle.line2.slice(7)}`)}`;
}

/** Three-line sets of the given shipped satellites with their epoch moved to `epochMs`. */
function freshFile(norads: readonly number[], epochMs: number): string {
  return norads
    .map((n) => SHIPPED.get(n)!)
    .map((t) => `${t.name}\n${withEpoch(t.line1, epochMs)}\n${t.line2}`)
    .join('\n');
}

async function upload(text: string | Uint8Array, headers: Record<string, string>, query = '', name = 'fresh.tle') {
  const form = new FormData();
  form.append('file', new Blob([typeof text === 'string' ? text : text.slice()]), name);
  const request = new Request(`http://localhost:3000/api/sateorbit/v2/tle${query}`, { method: 'POST', body: form, headers });
  const response = await uploadPost(request, { params: Promise.resolve({}) });
  return { status: response.status, json: (await response.json()) as { code: number; message: string; data: unknown } };
}

const sets = () =>
  db().query<{ id: string; source: string; current: boolean; n: number }>(
    `SELECT s.id::text AS id, s.source, s.current, (SELECT count(*)::int FROM orbit_elements e WHERE e.set_id = s.id) AS n
     FROM tle_sets s ORDER BY s.id`,
  );

const nowCn = async () =>
  satellitesNowSchema.parse(
    (await call(nowGet, `/api/satelliteimage/v2/sateorbitimage/now/cn?at=${new Date().toISOString()}`, { params: { x: 'cn' } })).json.data,
  );

describe('uploading orbit elements (administrators)', () => {
  it('answers 401 without a session and 403 without MOD_ADMIN, changing nothing', async () => {
    const before = await sets();
    const file = freshFile(CHINESE, Date.now() - DAY);
    const anonymous = await upload(file, { 'x-locale': 'en' });
    expect([anonymous.status, anonymous.json.code]).toEqual([401, 401]);
    expect((await call(listGet, '/api/sateorbit/v2/tle')).status).toBe(401);
    const personal = await headersFor('demo-personal');
    const refused = await upload(file, personal);
    expect([refused.status, refused.json.code]).toEqual([403, 403]);
    expect((await call(listGet, '/api/sateorbit/v2/tle', { headers: personal })).status).toBe(403);
    const id = before[0]!.id;
    expect(
      (await call(makeCurrentPost, `/api/sateorbit/v2/tle/${id}/current`, { method: 'POST', headers: personal, params: { id } })).status,
    ).toBe(403);
    expect(await sets()).toEqual(before);
  });

  it('refuses a file with a bad checksum in the reader’s language, naming the line, and changes nothing', async () => {
    const before = await sets();
    const good = freshFile(CHINESE, Date.now() - DAY).split('\n');
    // The second set's line 1 (file line 5) with its checksum digit changed.
    const line = good[4]!;
    good[4] = `${line.slice(0, 68)}${(Number(line[68]) + 1) % 10}`;
    const broken = good.join('\n');
    const english = await upload(broken, await headersFor('demo-admin', 'en'));
    expect(english.json.code).toBe(400);
    expect(english.json.message).toBe(
      'The file was refused, nothing was changed: 1 set is broken — line 4 (GAOFEN-1 02): a checksum does not match.',
    );
    const chinese = await upload(broken, await headersFor('demo-admin', 'zh'));
    expect(chinese.json.code).toBe(400);
    expect(chinese.json.message).toBe('文件未被接受，未作任何更改：有 1 组根数有误 —— 第 4 行（GAOFEN-1 02）：校验和不符。');
    // A set out of layout is refused the same way.
    const layout = await upload(`${good.slice(0, 3).join('\n')}\nNOT A SET\n1 12345\n`, await headersFor('demo-admin', 'en'));
    expect(layout.json.code).toBe(400);
    expect(layout.json.message).toContain('line 4 (NOT A SET): not a name line followed by lines 1 and 2');
    const empty = await upload('\n\n', await headersFor('demo-admin', 'en'));
    expect(empty.json.message).toBe(en.TleAdmin.errors.empty);
    expect(await sets()).toEqual(before);
  });

  it('refuses a file over 5 MB and a request without a file', async () => {
    const before = await sets();
    const big = await upload(new Uint8Array(5 * 1024 * 1024 + 1).fill(32), await headersFor('demo-admin', 'en'));
    expect([big.status, big.json.code, big.json.message]).toEqual([413, 413, 'The file is larger than 5 MB.']);
    const none = await uploadPost(
      new Request('http://localhost:3000/api/sateorbit/v2/tle', {
        method: 'POST',
        body: new FormData(),
        headers: await headersFor('demo-admin'),
      }),
      { params: Promise.resolve({}) },
    );
    expect(((await none.json()) as { message: string }).message).toBe(en.TleAdmin.errors.noFile);
    expect(await sets()).toEqual(before);
  });

  it('makes a sound file the current set in one step, reports unknown satellites, and the satellites-now answer uses it', async () => {
    const [shipped] = await sets();
    const epochMs = Date.UTC(2026, 10, 24, 6, 0, 0); // fixed, so the messages are; its age and staleness follow the clock
    const file = `${freshFile(CHINESE, epochMs)}\n${renumbered(99990, 'TEST SAT A', 40118, epochMs)}\n${renumbered(99991, 'TEST SAT B', 43259, epochMs)}\n`;
    const answer = await upload(file, await headersFor('demo-admin', 'en'), '?label=CelesTrak%20active%202026-11-24');
    expect(answer.json.code).toBe(0);
    const result = uploadedTleSetSchema.parse(answer.json.data);
    expect(result.set).toMatchObject({
      source: 'CelesTrak active 2026-11-24',
      uploadedBy: 'demo-admin',
      satellites: 5,
      current: true,
      chineseCovered: 3,
      epochMin: new Date(epochMs).toISOString(),
    });
    expect(result.set.chineseTotal).toBeGreaterThan(10);
    expect(result.set.oldestAgeDays).toBeCloseTo((Date.now() - epochMs) / DAY, 0);
    expect(result.set.stale).toBe(result.set.oldestAgeDays > 14);
    expect(result.unknown).toEqual([
      { norad: 99990, name: 'TEST SAT A', line: 10 },
      { norad: 99991, name: 'TEST SAT B', line: 13 },
    ]);
    expect(result.unknownCount).toBe(2);

    // The new set is the one current set with its five satellites; the shipped set is kept.
    const after = await sets();
    expect(after.filter((s) => s.current).map((s) => s.id)).toEqual([result.set.id]);
    expect(after.find((s) => s.id === shipped!.id)).toMatchObject({ current: false, n: shipped!.n });
    expect(after.find((s) => s.id === result.set.id)!.n).toBe(5);

    const now = await nowCn();
    expect(now.tleSet).toMatchObject({
      id: result.set.id,
      source: 'CelesTrak active 2026-11-24',
      epochMin: new Date(epochMs).toISOString(),
    });
    expect(now.satellites.map((s) => s.norad).sort()).toEqual([...CHINESE].sort());
    for (const s of now.satellites) expect(Math.abs(Date.parse(s.epoch) - epochMs)).toBeLessThan(2);

    // Without a label the file's name is the source; a satellite given twice keeps its newest epoch.
    const twice = `${freshFile([40118], epochMs - DAY)}\n${freshFile([40118, 43259], epochMs)}`;
    const second = uploadedTleSetSchema.parse((await upload(twice, await headersFor('demo-admin'), '', 'gp-active.tle')).json.data);
    expect(second).toMatchObject({ duplicates: 1, unknownCount: 0, set: { source: 'gp-active.tle', satellites: 2 } });
    expect(second.set.epochMin).toBe(new Date(epochMs).toISOString());
  });

  it('lists the sets newest first with the current one, and makes an older set current again', async () => {
    const admin = await headersFor('demo-admin', 'en');
    const page = tleSetPageSchema.parse((await call(listGet, '/api/sateorbit/v2/tle?pageSize=2', { headers: admin })).json.data);
    expect(page).toMatchObject({ total: 3, pageNum: 1, pageSize: 2 });
    expect(page.list.map((s) => [s.source, s.current])).toEqual([
      ['gp-active.tle', true],
      ['CelesTrak active 2026-11-24', false],
    ]);
    const last = tleSetPageSchema.parse((await call(listGet, '/api/sateorbit/v2/tle?pageSize=2&pageNum=2', { headers: admin })).json.data);
    const shipped = last.list[0]!;
    expect(shipped).toMatchObject({ uploadedBy: null, current: false });
    expect(shipped.stale).toBe(shipped.oldestAgeDays > 14);
    // The badge states the uncertainty of the one model every prediction states (1 km + 2 km a day, whole km up).
    expect(shipped.oldestUncertaintyKm).toBe(Math.ceil(1 + 2 * (Date.now() - Date.parse(shipped.epochMin)) / DAY - 1e-9));

    const made = await call(makeCurrentPost, `/api/sateorbit/v2/tle/${shipped.id}/current`, {
      method: 'POST',
      headers: admin,
      params: { id: shipped.id },
    });
    expect(made.json.code).toBe(0);
    expect(tleSetSummarySchema.parse(made.json.data)).toMatchObject({ id: shipped.id, current: true });
    expect((await sets()).filter((s) => s.current).map((s) => s.id)).toEqual([shipped.id]);
    const now = await nowCn();
    expect(now.tleSet.id).toBe(shipped.id);
    expect(now.satellites.length).toBeGreaterThan(10);

    const missing = await call(makeCurrentPost, '/api/sateorbit/v2/tle/999999/current', {
      method: 'POST',
      headers: admin,
      params: { id: '999999' },
    });
    expect([missing.json.code, missing.json.message]).toEqual([404, en.TleAdmin.errors.notFound]);
    const bad = await call(makeCurrentPost, '/api/sateorbit/v2/tle/x/current', { method: 'POST', headers: admin, params: { id: 'x' } });
    expect(bad.json.code).toBe(400);
    expect(bad.json.message).toContain(en.TleAdmin.errors.badId);
    expect((await sets()).filter((s) => s.current).map((s) => s.id)).toEqual([shipped.id]);
  });

  it('describes the three calls in the OpenAPI document, the upload as multipart', async () => {
    const doc = (await openapi().json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    expect(Object.keys(doc.paths['/api/sateorbit/v2/tle']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/sateorbit/v2/tle']!.post!.requestBody!.content)).toContain('multipart/form-data');
    expect(doc.paths['/api/sateorbit/v2/tle/{id}/current']!.post).toBeDefined();
  });
});
