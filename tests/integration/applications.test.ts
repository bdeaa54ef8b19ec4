/**
 * Data applications and their review, order management (issue 19 part B): the application rules (PDF
 * only, size, bounds, idempotent), transitions only along the allowed ones by the allowed actors, one
 * order per approval (also when approved twice at once), and the IDOR corpus over every path.
 */
import { randomUUID } from 'node:crypto';
import { GET as ownItems } from '../../app/api/order/v3/requestitem/route';
import { POST as create } from '../../app/api/order/v3/request/route';
import { GET as ownList } from '../../app/api/order/v3/request/own/route';
import { GET as ownIds } from '../../app/api/order/v3/request/own/allids/route';
import { GET as ownOne } from '../../app/api/order/v3/request/id/[id]/route';
import { POST as withdraw } from '../../app/api/order/v3/request/id/[id]/withdraw/route';
import { GET as attachment, HEAD as attachmentHead } from '../../app/api/order/v3/request/id/[id]/attachment/route';
import { GET as manageList } from '../../app/api/order/v3/manage/request/route';
import { GET as manageOne } from '../../app/api/order/v3/manage/request/id/[id]/route';
import { POST as approve } from '../../app/api/order/v3/manage/request/id/[id]/approve/route';
import { POST as reject } from '../../app/api/order/v3/manage/request/id/[id]/reject/route';
import { GET as areaScenes } from '../../app/api/order/v3/manage/request/id/[id]/scenes/route';
import { GET as sceneCover } from '../../app/api/order/v3/manage/request/id/[id]/scenes/cover/route';
import { GET as orderList } from '../../app/api/order/v3/manage/order/route';
import { GET as orderOne } from '../../app/api/order/v3/manage/order/id/[id]/route';
import { POST as orderStatus } from '../../app/api/order/v3/manage/order/id/[id]/status/route';
import { GET as orderReport } from '../../app/api/order/v3/manage/order/report/route';
import { createSession } from '../../lib/server/session';
import { requestDetailSchema, requestPageSchema } from '../../lib/shared/contracts/requests';
import { areaSceneCoverSchema, managedRequestDetailSchema, managedRequestPageSchema } from '../../lib/shared/contracts/requests-review';
import { managedOrderDetailSchema, managedOrderPageSchema, orderReportSchema } from '../../lib/shared/contracts/orders-manage';
import { ORDER_LIMITS, ORDER_STATUS, REQUEST_STATUS } from '../../lib/shared/orders/model';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const BASE = 'http://localhost:3000';
type Headers = Record<string, string>;
type Handler = Parameters<typeof call>[0];

let address = 0;
async function as(username: string, locale: 'zh' | 'en' = 'en'): Promise<Headers> {
  const [user] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  const { token } = await createSession(db(), user!.id, { ip: 'test', userAgent: null });
  return { cookie: `token=${token}`, origin: BASE, 'x-locale': locale, 'x-forwarded-for': `198.51.100.${++address}` };
}

let scenes: { id: string; cloud: number | null }[] = [];
beforeAll(async () => {
  scenes = await db().query<{ id: string; cloud: number | null }>('SELECT id, cloud_pct AS cloud FROM scenes ORDER BY id LIMIT 5');
});

const form = (extra: Record<string, unknown> = {}) => ({
  idempotencyKey: randomUUID(),
  kind: 'scenes',
  sceneIds: scenes.slice(0, 3).map((s) => s.id),
  organization: 'Hebei Institute of Surveying',
  project: 'Cropland change 2024',
  purpose: 'Checking farmland conversion in three counties.',
  contact: { name: 'Li Lei', phone: '13800000009', email: null },
  ...extra,
});

const apply = (headers: Headers, body: unknown) => call(create, '/api/order/v3/request', { body, headers });

async function applyMultipart(headers: Headers, body: unknown, file?: { name: string; bytes: Uint8Array }) {
  const data = new FormData();
  data.set('data', JSON.stringify(body));
  if (file) data.set('file', new Blob([file.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }), file.name);
  const response = await create(new Request(`${BASE}/api/order/v3/request`, { method: 'POST', body: data, headers }), {
    params: Promise.resolve({}),
  });
  return { status: response.status, json: (await response.json()) as { code: number; message: string; data: any } };
}

const withId = (handler: Handler, path: string, id: string, headers: Headers, options: { method?: string; body?: unknown } = {}) =>
  call(handler, path.replace('{id}', id), { ...options, headers, params: { id } });

async function newApplication(username = 'demo-personal', extra: Record<string, unknown> = {}) {
  const res = await apply(await as(username), form(extra));
  expect(res.json).toMatchObject({ code: 0 });
  return requestDetailSchema.parse(res.json.data.request);
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** The last three years: the demo catalogue's scenes. */
const PERIOD = { dateFrom: day(-1095), dateTo: day(0) };

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('applying for data', () => {
  it('applies for chosen scenes, copies their metadata and records the first status; a repeated key finds the same application', async () => {
    const headers = await as('demo-personal');
    const body = form();
    const first = await apply(headers, body);
    expect(first.json.code).toBe(0);
    const request = requestDetailSchema.parse(first.json.data.request);
    expect(first.json.data.created).toBe(true);
    expect(request).toMatchObject({ status: REQUEST_STATUS.PENDING, statusName: 'Pending review', kind: 'scenes', itemCount: 3 });
    expect(request.code).toMatch(/^SQ\d{14}$/);
    expect(request.history).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 1, by: 'demo-personal' })]);

    // Repeated and concurrent submits with the same key: one application.
    const again = await Promise.all([apply(headers, body), apply(headers, body), apply(headers, body)]);
    expect(again.map((r) => [r.json.code, r.json.data.created, r.json.data.request.id])).toEqual(Array(3).fill([0, false, request.id]));
    const [count] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM data_requests WHERE idempotency_key = $1', [
      body.idempotencyKey,
    ]);
    expect(count!.n).toBe(1);

    const items = await call(ownItems, `/api/order/v3/requestitem?requestId=${request.id}`, { headers });
    expect(items.json.data.total).toBe(3);
    expect(items.json.data.list.map((i: { sceneId: string }) => i.sceneId).sort()).toEqual(body.sceneIds.slice().sort());
    const [stored] = await db().query<{ scene: { fileName: string; footprint: { type: string } } }>(
      'SELECT scene FROM data_request_items WHERE request_id = $1 LIMIT 1',
      [request.id],
    );
    expect(stored!.scene.footprint.type).toMatch(/Polygon/);
  });

  it('refuses what breaks the rules with a message in the caller’s language, storing nothing', async () => {
    const en = await as('demo-personal', 'en');
    const zh = await as('demo-personal', 'zh');
    const [before] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM data_requests');
    const tooMany = Array.from({ length: ORDER_LIMITS.maxRequestItems + 1 }, (_, i) => `X${i}`);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ sceneIds: tooMany }, `at most ${ORDER_LIMITS.maxRequestItems} scenes`, `最多 ${ORDER_LIMITS.maxRequestItems} 景`],
      [{ sceneIds: [] }, 'Choose at least one scene', '请至少选择一景影像'],
      [{ sceneIds: [scenes[0]!.id, 'NO-SUCH-SCENE'] }, '1 scene is not in the catalogue', '1 景影像在目录中不存在'],
      [{ organization: '  ' }, 'Enter your organisation', '请填写单位名称'],
      [{ contact: { name: 'Li', phone: '', email: '' } }, 'Enter a phone number or an e-mail address', '请至少填写联系电话或电子邮箱之一'],
      [{ kind: 'area', area: { mode: 1, regionCodes: ['130100'] } }, 'Enter the first and last day', '请填写申请的起止日期'],
      [
        { kind: 'area', area: { mode: 1, regionCodes: ['130100'] }, dateFrom: '2024-05-01', dateTo: '2024-04-01' },
        'cannot end before',
        '结束日期不能早于开始日期',
      ],
      [
        { kind: 'area', area: { mode: 1, regionCodes: ['999999'] }, dateFrom: '2024-01-01', dateTo: '2024-02-01' },
        'region does not exist',
        '所选行政区不存在',
      ],
      [
        { kind: 'area', area: { mode: 3, uploadId: randomUUID() }, dateFrom: '2024-01-01', dateTo: '2024-02-01' },
        'uploaded area has expired',
        '上传的范围已过期',
      ],
    ];
    // A drawn ring of 2,001 positions.
    const ring = Array.from({ length: 2000 }, (_, i) => [
      114 + Math.cos((i / 2000) * 2 * Math.PI),
      38 + Math.sin((i / 2000) * 2 * Math.PI),
    ]);
    cases.push([
      {
        kind: 'area',
        area: { mode: 4, geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]]] } },
        dateFrom: '2024-01-01',
        dateTo: '2024-02-01',
      },
      'at most 2,000 vertices',
      '最多 2,000 个顶点',
    ]);
    for (const [extra, english, chinese] of cases) {
      const a = await apply(en, form(extra));
      expect([a.json.code, a.json.message]).toEqual([400, expect.stringContaining(english)]);
      const b = await apply(zh, form(extra));
      expect(b.json.message).toContain(chinese);
    }
    const [after] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM data_requests');
    expect(after!.n).toBe(before!.n);
  });

  it('takes a PDF attachment (checked by its bytes, at most 10 MB) that only the owner and administrators download', async () => {
    const owner = await as('demo-personal');
    const notPdf = await applyMultipart(owner, form(), { name: 'scan.pdf', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]) });
    expect([notPdf.json.code, notPdf.json.message]).toEqual([400, 'The attachment must be a PDF file']);
    const zhNotPdf = await applyMultipart(await as('demo-personal', 'zh'), form(), {
      name: 'a.pdf',
      bytes: new TextEncoder().encode('hello'),
    });
    expect(zhNotPdf.json.message).toBe('附件只能是 PDF 文件');
    const big = new Uint8Array(ORDER_LIMITS.maxAttachmentBytes + 1);
    big.set(PDF);
    const tooBig = await applyMultipart(owner, form(), { name: 'big.pdf', bytes: big });
    expect([tooBig.json.code, tooBig.json.message]).toEqual([413, 'The attachment may be at most 10 MB']);

    const ok = await applyMultipart(owner, form(), { name: '../../etc/letter of intent.pdf', bytes: PDF });
    expect(ok.json.code).toBe(0);
    const request = requestDetailSchema.parse(ok.json.data.request);
    expect(request.attachment).toEqual({ name: 'letter of intent.pdf', bytes: PDF.byteLength });

    const path = '/api/order/v3/request/id/{id}/attachment';
    for (const username of ['demo-personal', 'demo-admin']) {
      const response = await attachment(new Request(`${BASE}${path.replace('{id}', request.id)}`, { headers: await as(username) }), {
        params: Promise.resolve({ id: request.id }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF);
    }
    const other = await withId(attachment, path, request.id, await as('demo-city'));
    expect(other.json.code).toBe(404);
  });

  it('serves an HTML file posing as a PDF as a sandboxed attachment, with HEAD and byte ranges (issue 32.6)', async () => {
    const owner = await as('demo-personal');
    const evil = new TextEncoder().encode('%PDF-<html><script>alert(document.cookie)</script></html>');
    const applied = await applyMultipart(owner, form(), { name: 'evil.html.pdf', bytes: evil });
    expect(applied.json.code).toBe(0);
    const id = requestDetailSchema.parse(applied.json.data.request).id;
    const url = `${BASE}/api/order/v3/request/id/${id}/attachment`;
    const get = (headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
      (method === 'HEAD' ? attachmentHead : attachment)(new Request(url, { method, headers: { ...owner, ...headers } }), {
        params: Promise.resolve({ id }),
      });
    const whole = await get();
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/pdf');
    expect(whole.headers.get('content-disposition')).toMatch(/^attachment; filename="evil\.html\.pdf"/);
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    // The route's own policy; next.config.mjs gives every /api answer the same (scripts/response-policy.test.ts).
    expect(whole.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(evil);
    const head = await get({}, 'HEAD');
    expect([head.status, head.body, head.headers.get('content-length')]).toEqual([200, null, String(evil.byteLength)]);
    const part = await get({ range: 'bytes=0-4' });
    expect([part.status, part.headers.get('content-range')]).toEqual([206, `bytes 0-4/${evil.byteLength}`]);
    expect(await part.text()).toBe('%PDF-');
    expect((await get({ range: `bytes=${evil.byteLength}-` })).status).toBe(416);
  });

  it('applies for an area (regions or a drawn polygon) and period; the review shows what an approval would order', async () => {
    const region = await newApplication('demo-personal', {
      kind: 'area',
      sceneIds: undefined,
      area: { mode: 1, regionCodes: ['130100'] },
      ...PERIOD,
    });
    expect(region).toMatchObject({ kind: 'area', itemCount: 0, areaLabel: 'Shijiazhuang', dateFrom: PERIOD.dateFrom });
    expect(region.area?.type).toBe('MultiPolygon');
    expect(region.areaKm2).toBeGreaterThan(10_000);
    // Applied for in Chinese, the regions are named in each reader's language: the administrator reading English sees English names.
    const zhHeaders = await as('demo-personal', 'zh');
    const inChinese = requestDetailSchema.parse(
      (await apply(zhHeaders, form({ kind: 'area', sceneIds: undefined, area: { mode: 1, regionCodes: ['130200', '130100'] }, ...PERIOD })))
        .json.data.request,
    );
    expect(inChinese.areaLabel).toBe('石家庄市、唐山市');
    const read = async (locale: 'zh' | 'en') =>
      managedRequestDetailSchema.parse(
        (await withId(manageOne, '/api/order/v3/manage/request/id/{id}', inChinese.id, await as('demo-admin', locale))).json.data,
      ).areaLabel;
    expect([await read('en'), await read('zh')]).toEqual(['Shijiazhuang, Tangshan', '石家庄市、唐山市']);

    const square = [
      [
        [114, 37],
        [116, 37],
        [116, 39],
        [114, 39],
        [114, 37],
      ],
    ];
    const drawn = await newApplication('demo-personal', {
      kind: 'area',
      sceneIds: undefined,
      area: { mode: 4, geometry: { type: 'Polygon', coordinates: square } },
      ...PERIOD,
    });
    expect(drawn.areaLabel).toBeNull();
    const detail = managedRequestDetailSchema.parse(
      (await withId(manageOne, '/api/order/v3/manage/request/id/{id}', drawn.id, await as('demo-admin'))).json.data,
    );
    const [expected] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM scenes s WHERE ST_Intersects(s.footprint, ST_GeomFromText('POLYGON((114 37,116 37,116 39,114 39,114 37))', 4326))
          AND s.acquired_at >= $1::date AND s.acquired_at < $2::date + 1`,
      [PERIOD.dateFrom, PERIOD.dateTo],
    );
    expect(detail.areaMatches).toEqual({ total: expected!.n, cap: ORDER_LIMITS.maxItemsPerOrder });
    expect(detail.applicant.username).toBe('demo-personal');
  });
});

describe('status changes', () => {
  it('the owner withdraws a pending application once; nobody reviews it afterwards', async () => {
    const request = await newApplication();
    const owner = await as('demo-personal');
    const path = '/api/order/v3/request/id/{id}/withdraw';
    const done = await withId(withdraw, path, request.id, owner, { method: 'POST' });
    expect(done.json.data).toMatchObject({ status: REQUEST_STATUS.WITHDRAWN, statusName: 'Withdrawn' });
    expect(done.json.data.history.map((h: { toStatus: number }) => h.toStatus)).toEqual([1, 4]);
    const again = await withId(withdraw, path, request.id, owner, { method: 'POST' });
    expect([again.json.code, again.json.message]).toEqual([
      400,
      'Only an application waiting for review can be withdrawn (it is: Withdrawn)',
    ]);
    const admin = await as('demo-admin');
    const approved = await withId(approve, '/api/order/v3/manage/request/id/{id}/approve', request.id, admin, { body: {} });
    expect(approved.json.message).toBe('This application has already been reviewed (it is: Withdrawn)');
    const rejected = await withId(reject, '/api/order/v3/manage/request/id/{id}/reject', request.id, admin, { body: { reason: 'x' } });
    expect(rejected.json.code).toBe(400);
  });

  it('rejection needs a reason, which the applicant reads; a rejected application cannot be approved', async () => {
    const request = await newApplication();
    const admin = await as('demo-admin');
    const path = '/api/order/v3/manage/request/id/{id}/reject';
    const noReason = await withId(reject, path, request.id, admin, { body: { reason: '   ' } });
    expect([noReason.json.code, noReason.json.message]).toEqual([400, 'Invalid request: Give the reason for the rejection']);
    const done = await withId(reject, path, request.id, admin, { body: { reason: 'The project letter is missing.' } });
    expect(done.json.data).toMatchObject({ status: REQUEST_STATUS.REJECTED, reviewNote: 'The project letter is missing.' });
    const seen = requestDetailSchema.parse(
      (await withId(ownOne, '/api/order/v3/request/id/{id}', request.id, await as('demo-personal', 'zh'))).json.data,
    );
    expect(seen).toMatchObject({ statusName: '已驳回', reviewNote: 'The project letter is missing.' });
    expect(seen.history.at(-1)).toMatchObject({ fromStatus: 1, toStatus: 3, by: 'demo-admin', note: 'The project letter is missing.' });
    const approved = await withId(approve, '/api/order/v3/manage/request/id/{id}/approve', request.id, admin, { body: {} });
    expect(approved.json.code).toBe(400);
    const [orders] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE request_id = $1', [request.id]);
    expect(orders!.n).toBe(0);
  });

  it('an approval places exactly one order, also when two administrators approve at once', async () => {
    const request = await newApplication();
    const path = '/api/order/v3/manage/request/id/{id}/approve';
    const [a, b] = await Promise.all([
      withId(approve, path, request.id, await as('demo-admin'), { body: { note: 'Approved for the project.' } }),
      withId(approve, path, request.id, await as('demo-admin'), { body: { note: 'Approved twice?' } }),
    ]);
    expect([a.json.code, b.json.code].sort()).toEqual([0, 400]);
    const winner = managedRequestDetailSchema.parse((a.json.code === 0 ? a : b).json.data);
    expect(winner).toMatchObject({ status: REQUEST_STATUS.APPROVED, statusName: 'Approved' });
    expect(winner.orderCode).toMatch(/^DD\d{14}$/);
    const orders = await db().query<{ id: string; user: string; item_count: number; status: number }>(
      'SELECT o.id::text AS id, u.username AS user, o.item_count, o.status FROM orders o JOIN users u ON u.id = o.user_id WHERE o.request_id = $1',
      [request.id],
    );
    expect(orders).toEqual([{ id: winner.orderId, user: 'demo-personal', item_count: 3, status: ORDER_STATUS.SUBMITTED }]);
    const [history] = await db().query<{ n: number; by: string }>(
      `SELECT count(*)::int AS n, max(u.username) AS by FROM order_history h JOIN users u ON u.id = h.changed_by WHERE h.order_id = $1`,
      [winner.orderId],
    );
    expect(history).toEqual({ n: 1, by: 'demo-admin' });
    expect(winner.history.map((h) => [h.toStatus, h.by])).toEqual([
      [1, 'demo-personal'],
      [2, 'demo-admin'],
    ]);
  });

  it('approving an area application without a choice orders the area’s minimal covering set, as the screen preselects it (issue 32)', async () => {
    const request = await newApplication('demo-personal', {
      kind: 'area',
      sceneIds: undefined,
      area: { mode: 1, regionCodes: ['130100'] },
      ...PERIOD,
    });
    const admin = await as('demo-admin');
    const cover = areaSceneCoverSchema.parse(
      (await withId(sceneCover, '/api/order/v3/manage/request/id/{id}/scenes/cover', request.id, admin)).json.data,
    );
    expect(cover.minimalSet.length).toBeGreaterThan(0);
    expect(cover.minimalSet.length).toBeLessThan(cover.matched);
    const detail = managedRequestDetailSchema.parse(
      (await withId(approve, '/api/order/v3/manage/request/id/{id}/approve', request.id, admin, { body: {} })).json.data,
    );
    expect(detail.areaMatches!.total).toBeGreaterThan(0);
    const items = await db().query<{ scene_id: string }>(`SELECT scene_id FROM order_items WHERE order_id = $1 ORDER BY scene_id`, [
      detail.orderId,
    ]);
    // Not every scene touching the area (edge-only and cloudy ones included): the minimal set, no more.
    expect(items.map((i) => i.scene_id)).toEqual([...cover.minimalSet].sort());
  });
});

describe('the reviewer chooses the scenes', () => {
  it('lists an area application’s scenes clearest first and orders only the chosen ones, each within the application', async () => {
    const admin = await as('demo-admin');
    const area = await newApplication('demo-personal', {
      kind: 'area',
      sceneIds: undefined,
      area: { mode: 1, regionCodes: ['130100'] },
      ...PERIOD,
    });
    const page = await withId(areaScenes, '/api/order/v3/manage/request/id/{id}/scenes?pageSize=5', area.id, admin);
    const listed = page.json.data.list as { sceneId: string; cloudPct: number | null }[];
    expect(listed.length).toBeGreaterThan(2);
    const clouds = listed.map((x) => x.cloudPct ?? 0);
    expect(clouds).toEqual([...clouds].sort((a, b) => a - b));

    const path = '/api/order/v3/manage/request/id/{id}/approve';
    const [outside] = await db().query<{ id: string }>(
      'SELECT s.id FROM scenes s, data_requests r WHERE r.id = $1 AND NOT ST_Intersects(s.footprint, r.area) ORDER BY s.id LIMIT 1',
      [area.id],
    );
    const refused = await withId(approve, path, area.id, admin, { body: { sceneIds: [listed[0]!.sceneId, outside!.id] } });
    expect([refused.json.code, refused.json.message]).toEqual([
      400,
      '1 chosen scene is outside the application (its area and period, or the scenes applied for)',
    ]);
    const chosen = listed.slice(0, 2).map((x) => x.sceneId);
    const done = managedRequestDetailSchema.parse(
      (await withId(approve, path, area.id, admin, { body: { sceneIds: chosen, note: 'Two clear ones.' } })).json.data,
    );
    const items = await db().query<{ scene_id: string }>('SELECT scene_id FROM order_items WHERE order_id = $1 ORDER BY scene_id', [
      done.orderId,
    ]);
    expect(items.map((i) => i.scene_id)).toEqual([...chosen].sort());

    // Of a scenes application, only scenes applied for.
    const picked = await newApplication();
    const notApplied = await withId(approve, path, picked.id, admin, { body: { sceneIds: [scenes[4]!.id] } });
    expect(notApplied.json.code).toBe(400);
    const subset = managedRequestDetailSchema.parse(
      (await withId(approve, path, picked.id, admin, { body: { sceneIds: [scenes[0]!.id] } })).json.data,
    );
    const [count] = await db().query<{ n: number }>('SELECT item_count AS n FROM orders WHERE id = $1', [subset.orderId]);
    expect(count!.n).toBe(1);
  });
});

describe('the reviewer’s preselection (issue 32.7)', () => {
  const rect = (w: number, s: number, e: number, n: number) => `POLYGON((${w} ${s},${e} ${s},${e} ${n},${w} ${n},${w} ${s}))`;
  // An area with nothing else in 2015: a cloudy scene over all of it, two clear halves, a cloudier copy of
  // the west half, and a clear scene that only shares its east edge.
  const FIXTURES = [
    { id: 'PICK_ALL_CLOUDY', cloud: 93, wkt: rect(80, 30, 80.5, 30.5) },
    { id: 'PICK_WEST', cloud: 0, wkt: rect(80, 30, 80.25, 30.5) },
    { id: 'PICK_EAST', cloud: 5, wkt: rect(80.25, 30, 80.5, 30.5) },
    { id: 'PICK_WEST_CLOUDY', cloud: 40, wkt: rect(80, 30, 80.25, 30.5) },
    { id: 'PICK_EDGE', cloud: 0, wkt: rect(80.5, 30, 81, 30.5) },
  ];
  beforeAll(async () => {
    for (const [i, f] of FIXTURES.entries())
      await db().query(
        `INSERT INTO scenes (id, file_name, collection, satellite, sensor, platform, product_level, resolution_m, acquired_at, cloud_pct,
           footprint, centre, area_km2, online, source)
         SELECT $1, $1 || '.tar.gz', 'fixture-pick', 'PICK', 'PMS', 'fixture', 'L1A', 2, $2::timestamptz, $3, g, ST_Centroid(g),
                ST_Area(g::geography) / 1e6, true, 'imported'
           FROM (SELECT ST_GeomFromText($4, 4326) AS g) x`,
        [f.id, new Date(Date.UTC(2015, 5, 1 + i, 3)).toISOString(), f.cloud, f.wkt],
      );
  });

  it('preselects the cloud-weighted minimal covering set, never a scene that only touches the area, with each scene’s share and cloud', async () => {
    const admin = await as('demo-admin');
    const square = [
      [80, 30],
      [80.5, 30],
      [80.5, 30.5],
      [80, 30.5],
      [80, 30],
    ];
    const area = await newApplication('demo-personal', {
      kind: 'area',
      sceneIds: undefined,
      area: { mode: 4, geometry: { type: 'Polygon', coordinates: [square] } },
      dateFrom: '2015-01-01',
      dateTo: '2015-12-31',
    });
    const res = await withId(sceneCover, '/api/order/v3/manage/request/id/{id}/scenes/cover', area.id, admin);
    expect(res.json.code).toBe(0);
    const cover = areaSceneCoverSchema.parse(res.json.data);
    expect(cover.scenes.map((s) => s.sceneId).sort()).toEqual(FIXTURES.map((f) => f.id).sort());
    const share = Object.fromEntries(cover.scenes.map((s) => [s.sceneId, s.coveragePct]));
    expect(share.PICK_EDGE).toBe(0);
    expect(share.PICK_ALL_CLOUDY).toBeCloseTo(100, 0);
    expect(share.PICK_WEST).toBeCloseTo(50, 0);
    expect(cover.scenes.find((s) => s.sceneId === 'PICK_ALL_CLOUDY')!.cloudPct).toBe(93);
    // The two clear halves, not the 93 %-cloud scene that covers it all, nor the edge, nor the cloudier copy.
    expect(cover.minimalSet).toEqual(['PICK_WEST', 'PICK_EAST']);
    expect(cover.minimalCoveredPct).toBeCloseTo(100, 0);
    expect(cover).toMatchObject({ matched: 5, capped: false, cut: false });

    // The preselection is what the approval orders; the server still checks every id.
    const path = '/api/order/v3/manage/request/id/{id}/approve';
    const [outside] = await db().query<{ id: string }>(
      'SELECT s.id FROM scenes s, data_requests r WHERE r.id = $1 AND NOT ST_Intersects(s.footprint, r.area) ORDER BY s.id LIMIT 1',
      [area.id],
    );
    const refused = await withId(approve, path, area.id, admin, { body: { sceneIds: [...cover.minimalSet, outside!.id] } });
    expect(refused.json.code).toBe(400);
    const done = managedRequestDetailSchema.parse(
      (await withId(approve, path, area.id, admin, { body: { sceneIds: cover.minimalSet } })).json.data,
    );
    const items = await db().query<{ scene_id: string }>('SELECT scene_id FROM order_items WHERE order_id = $1 ORDER BY scene_id', [
      done.orderId,
    ]);
    expect(items.map((i) => i.scene_id)).toEqual(['PICK_EAST', 'PICK_WEST']);

    // Nobody else reads it.
    const other = await withId(sceneCover, '/api/order/v3/manage/request/id/{id}/scenes/cover', area.id, await as('demo-personal'));
    expect(other.status).toBe(403);
  });
});

describe('who may read and change what', () => {
  it('another user’s application is "not found" on every path; admin paths answer 401 / 403 to others', async () => {
    const request = await newApplication();
    const other = await as('demo-city');
    const userPaths: [Handler, string, { method?: string; body?: unknown }][] = [
      [ownOne, '/api/order/v3/request/id/{id}', {}],
      [withdraw, '/api/order/v3/request/id/{id}/withdraw', { method: 'POST' }],
      [attachment, '/api/order/v3/request/id/{id}/attachment', {}],
    ];
    for (const [handler, path, options] of userPaths) {
      const res = await withId(handler, path, request.id, other, options);
      expect([path, res.json.code]).toEqual([path, 404]);
      expect((await withId(handler, path, request.id, {}, options)).status).toBe(401);
    }
    const items = await call(ownItems, `/api/order/v3/requestitem?requestId=${request.id}`, { headers: other });
    expect(items.json.code).toBe(404);
    const theirs = requestPageSchema.parse((await call(ownList, '/api/order/v3/request/own?pageSize=100', { headers: other })).json.data);
    expect(theirs.list.map((r) => r.id)).not.toContain(request.id);
    const ids = (await call(ownIds, '/api/order/v3/request/own/allids', { headers: other })).json.data.ids as string[];
    expect(ids).not.toContain(request.id);
    const mine = (await call(ownIds, '/api/order/v3/request/own/allids?status=1', { headers: await as('demo-personal') })).json.data.ids;
    expect(mine).toContain(request.id);

    const [order] = await db().query<{ id: string }>('SELECT id::text AS id FROM orders ORDER BY id LIMIT 1');
    const adminPaths: [Handler, string, string, { method?: string; body?: unknown }][] = [
      [manageList, '/api/order/v3/manage/request', '', {}],
      [manageOne, '/api/order/v3/manage/request/id/{id}', request.id, {}],
      [areaScenes, '/api/order/v3/manage/request/id/{id}/scenes', request.id, {}],
      [approve, '/api/order/v3/manage/request/id/{id}/approve', request.id, { body: {} }],
      [reject, '/api/order/v3/manage/request/id/{id}/reject', request.id, { body: { reason: 'no' } }],
      [orderList, '/api/order/v3/manage/order', '', {}],
      [orderOne, '/api/order/v3/manage/order/id/{id}', order?.id ?? '1', {}],
      [orderStatus, '/api/order/v3/manage/order/id/{id}/status', order?.id ?? '1', { body: { status: 6, note: 'x' } }],
      [orderReport, '/api/order/v3/manage/order/report', '', {}],
    ];
    for (const username of ['demo-personal', 'demo-editor']) {
      const headers = await as(username);
      for (const [handler, path, id, options] of adminPaths) {
        const res = await withId(handler, path, id, headers, options);
        expect([path, res.status, res.json.code]).toEqual([path, 403, 403]);
      }
    }
    for (const [handler, path, id, options] of adminPaths) expect((await withId(handler, path, id, {}, options)).status).toBe(401);
    // Nothing changed.
    const [after] = await db().query<{ status: number }>('SELECT status FROM data_requests WHERE id = $1', [request.id]);
    expect(after!.status).toBe(REQUEST_STATUS.PENDING);
  });

  it('lists the caller’s own applications by status, and all of them for administrators with filters', async () => {
    const pending = await newApplication('demo-hebei');
    const owner = await as('demo-hebei');
    const page = requestPageSchema.parse((await call(ownList, '/api/order/v3/request/own?status=1', { headers: owner })).json.data);
    expect(page.list.every((r) => r.status === 1)).toBe(true);
    expect(page.list[0]!.id).toBe(pending.id);
    const admin = await as('demo-admin');
    const all = managedRequestPageSchema.parse(
      (await call(manageList, '/api/order/v3/manage/request?user=demo-hebei&status=1', { headers: admin })).json.data,
    );
    expect(all.list.map((r) => r.id)).toEqual([pending.id]);
    expect(all.list[0]!.applicant.username).toBe('demo-hebei');
    const [waiting] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM data_requests WHERE status = 1');
    expect(all.pending).toBe(waiting!.n);
    const future = managedRequestPageSchema.parse(
      (await call(manageList, '/api/order/v3/manage/request?dateFrom=2999-01-01', { headers: admin })).json.data,
    );
    expect(future.total).toBe(0);
  });
});

describe('order management', () => {
  it('lists, filters and moves orders only along the transitions administrators may make, with notes', async () => {
    const request = await newApplication('demo-city');
    const admin = await as('demo-admin');
    const approved = managedRequestDetailSchema.parse(
      (await withId(approve, '/api/order/v3/manage/request/id/{id}/approve', request.id, admin, { body: {} })).json.data,
    );
    const id = approved.orderId!;
    const list = managedOrderPageSchema.parse(
      (await call(orderList, `/api/order/v3/manage/order?user=demo-city&status=1`, { headers: admin })).json.data,
    );
    expect(list.list.map((o) => o.id)).toContain(id);
    expect(list.list.find((o) => o.id === id)).toMatchObject({ requestCode: request.code, itemCount: 3, statusName: 'Submitted' });

    const path = '/api/order/v3/manage/order/id/{id}/status';
    const detail = managedOrderDetailSchema.parse((await withId(orderOne, '/api/order/v3/manage/order/id/{id}', id, admin)).json.data);
    expect(detail.items).toHaveLength(3);
    expect(detail.nextStatuses.map((s) => [s.status, s.noteRequired])).toEqual([
      [ORDER_STATUS.IN_PRODUCTION, false],
      [ORDER_STATUS.REJECTED, true],
      [ORDER_STATUS.CANCELLED, false],
    ]);
    // Only the system marks an order ready; a rejection needs its note.
    const ready = await withId(orderStatus, path, id, admin, { body: { status: ORDER_STATUS.READY } });
    expect([ready.json.code, ready.json.message]).toEqual([400, 'An order cannot go from “Submitted” to “Ready”']);
    const noNote = await withId(orderStatus, path, id, admin, { body: { status: ORDER_STATUS.REJECTED } });
    expect(noNote.json.message).toBe('Moving it to “Rejected” needs a note');
    const done = await withId(orderStatus, path, id, admin, { body: { status: ORDER_STATUS.REJECTED, note: 'Embargoed scenes.' } });
    expect(done.json.message).toBe('Success');
    expect(managedOrderDetailSchema.parse(done.json.data)).toMatchObject({ status: ORDER_STATUS.REJECTED, nextStatuses: [] });
    expect(done.json.data.history.at(-1)).toMatchObject({ fromStatus: 1, toStatus: 5, by: 'demo-admin', note: 'Embargoed scenes.' });
    const final = await withId(orderStatus, path, id, admin, { body: { status: ORDER_STATUS.CANCELLED, note: 'x' } });
    expect(final.json.code).toBe(400);
    expect((await withId(orderOne, '/api/order/v3/manage/order/id/{id}', '999999999', admin)).json.code).toBe(404);
  });

  it('reports orders per month and ordered scenes per satellite, counted from the database', async () => {
    const admin = await as('demo-admin', 'zh');
    const report = orderReportSchema.parse(
      (await call(orderReport, '/api/order/v3/manage/order/report?months=3', { headers: admin })).json.data,
    );
    expect(report.perMonth).toHaveLength(3);
    const [counts] = await db().query<{ orders: number; items: number }>(
      `SELECT count(*)::int AS orders, coalesce(sum(item_count), 0)::int AS items FROM orders
        WHERE created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '2 months'`,
    );
    expect([report.totalOrders, report.totalItems]).toEqual([counts!.orders, counts!.items]);
    expect(report.perSatellite.reduce((n, s) => n + s.items, 0)).toBe(counts!.items);
    const bad = await call(orderReport, '/api/order/v3/manage/order/report?months=99', { headers: admin });
    expect(bad.json.message).toContain('统计月数应为 1 到 36');
  });
});
