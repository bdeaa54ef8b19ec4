/**
 * Scene lists (FILE mode) against the database: a list of file names selects exactly those scenes and
 * names the line that matched nothing; path/row and orbit/path/row lists select the scenes on that grid
 * within the other filters; the templates download in both languages and read back as lists; offlinebyids
 * reports the archived scenes; every refusal stores nothing. Expected sets come from SQL on the scenes.
 */
import ExcelJS from 'exceljs';
import { POST as basePost } from '../../app/api/normal/v5/normalmeta/base/route';
import { POST as offlinePost } from '../../app/api/normal/v5/normalmeta/offlinebyids/route';
import { GET as filenamesTemplate } from '../../app/api/normal/v5/normalmeta/template/filenames/v2/route';
import { GET as oprTemplate } from '../../app/api/normal/v5/normalmeta/template/pathandrows/v2/route';
import { GET as prTemplate } from '../../app/api/normal/v5/normalmeta/template/pr/v2/route';
import { POST as uploadPost } from '../../app/api/normal/v5/normalmeta/upload/file/v2/[x]/route';
import { GET as infoGet } from '../../app/api/normal/v5/normalmeta/upload/file/v2/id/[id]/route';
import { POST as unmatchedPost } from '../../app/api/normal/v5/normalmeta/upload/file/v2/id/[id]/unmatched/route';
import { readSceneListFile } from '../../lib/server/catalogue/scene-lists/read';
import type { SceneFilter } from '../../lib/shared/contracts/catalogue';
import { sceneListSchema, UPLOAD_TYPES, type UploadType } from '../../lib/shared/contracts/scene-lists';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();

async function upload(x: string, name: string, content: string | Uint8Array, locale = 'en') {
  const form = new FormData();
  form.set('file', new File([Buffer.from(typeof content === 'string' ? new TextEncoder().encode(content) : content)], name));
  const request = new Request(`http://localhost:3000/api/normal/v5/normalmeta/upload/file/v2/${x}`, {
    method: 'POST',
    body: form,
    headers: { 'x-locale': locale },
  });
  const response = await uploadPost(request, { params: Promise.resolve({ x }) });
  return (await response.json()) as { code: number; message: string; data: any };
}

async function searchIds(filter: SceneFilter): Promise<string[]> {
  const res = await call(basePost, '/api/normal/v5/normalmeta/base', { body: { filter, pageSize: 100 }, headers: { 'x-locale': 'en' } });
  expect(res.json.code).toBe(0);
  return (res.json.data.list as { id: string }[]).map((s) => s.id).sort();
}

const unmatched = (id: string, filter: SceneFilter = {}) =>
  call(unmatchedPost, `/api/normal/v5/normalmeta/upload/file/v2/id/${id}/unmatched`, { body: { filter }, params: { id } });

async function sqlIds(where: string, params: unknown[]): Promise<string[]> {
  const rows = await db().query<{ id: string }>(`SELECT id FROM scenes WHERE ${where} ORDER BY id`, params as never[]);
  return rows.map((r) => r.id);
}

const uploadCount = async () => (await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM catalogue_uploads`))[0]!.n;
const lineCount = async () => (await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM catalogue_upload_lines`))[0]!.n;

describe('scene lists', () => {
  it('a list of file names selects exactly the scenes named and names the line that matched nothing', async () => {
    const named = await db().query<{ id: string; file_name: string; collection: string }>(
      `SELECT id, file_name, collection FROM scenes WHERE source = 'demo' ORDER BY acquired_at DESC LIMIT 3`,
    );
    expect(named).toHaveLength(3);
    const text = ['File name', ...named.map((n) => n.file_name), 'GF1_PMS1_E999.9_N99.9_20990101_L1A0000000000', 'bad\u0001name'].join(
      '\n',
    );
    const res = await upload('FLIE_NAMES', 'names.txt', text);
    expect(res.code).toBe(0);
    const list = sceneListSchema.parse(res.data);
    expect(list).toMatchObject({ name: 'names.txt', listType: 1, lines: 4, invalidCount: 1, encoding: 'utf-8' });
    expect(list.invalid).toEqual([{ line: 6, text: 'bad\u0001name', reason: 'badName', message: 'file name contains control characters' }]);
    expect(list.entries.map((e) => e.fileName)).toEqual([...named.map((n) => n.file_name), 'GF1_PMS1_E999.9_N99.9_20990101_L1A0000000000']);

    const area = { mode: 5 as const, uploadId: list.id };
    expect(await searchIds({ area })).toEqual(named.map((n) => n.id).sort());
    const none = await unmatched(list.id);
    expect(none.json.data).toEqual({
      lines: 4,
      count: 1,
      list: [{ line: 5, text: 'GF1_PMS1_E999.9_N99.9_20990101_L1A0000000000', inCatalogue: false }],
    });

    // The other filters apply: leaving out the first scene's collection drops it, and unmatched says why.
    const others = named
      .slice(1)
      .map((n) => n.collection)
      .filter((c) => c !== named[0]!.collection);
    const filter: SceneFilter = { collections: others.length ? others : ['no-such-collection'] };
    const filtered = await searchIds({ ...filter, area });
    expect(filtered).not.toContain(named[0]!.id);
    const why = await unmatched(list.id, filter);
    expect(why.json.data.list).toContainEqual({ line: 2, text: named[0]!.file_name, inCatalogue: true });

    // The info restores the list in the caller's language.
    const info = await call(infoGet, `/api/normal/v5/normalmeta/upload/file/v2/id/${list.id}`, {
      params: { id: list.id },
      headers: { 'x-locale': 'zh' },
    });
    expect(info.json.data).toMatchObject({ id: list.id, name: 'names.txt', lines: 4, invalidCount: 1 });
    expect(info.json.data.invalid[0].message).toBe('文件名含有控制字符');
  });

  it('path/row and orbit/path/row lists select the scenes on those frames within the date filter', async () => {
    const [frame] = await db().query<{ path: number; row: number; n: number; first: string; last: string }>(
      `SELECT path, "row", count(*)::int AS n, min(acquired_at)::date::text AS first, max(acquired_at)::date::text AS last
         FROM scenes WHERE path IS NOT NULL AND "row" IS NOT NULL GROUP BY 1, 2 HAVING count(DISTINCT acquired_at::date) >= 2 ORDER BY 3 DESC, 1, 2 LIMIT 1`,
    );
    expect(frame).toBeDefined();
    // A workbook of path/rows (header row, then the frame and one frame nowhere).
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('PR');
    sheet.addRow(['Path', 'Row']);
    sheet.addRow([frame!.path, frame!.row]);
    sheet.addRow([9999, 9999]);
    const xlsx = new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
    const res = await upload('3', '条带号行号.xlsx', xlsx);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ name: '条带号行号.xlsx', listType: UPLOAD_TYPES.PR, lines: 2, encoding: 'xlsx' });
    const area = { mode: 5 as const, uploadId: res.data.id as string };
    // The day after the frame's first scene: the filter leaves that one out.
    const dateFrom = new Date(Date.parse(`${frame!.first}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const expected = await sqlIds(`path = $1 AND "row" = $2 AND acquired_at >= $3::date`, [frame!.path, frame!.row, dateFrom]);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(frame!.n);
    expect(await searchIds({ area, dateFrom })).toEqual(expected);
    expect((await unmatched(area.uploadId, { dateFrom })).json.data.list).toEqual([{ line: 3, text: '9999\t9999', inCatalogue: false }]);

    // OPR: one revolution over that frame, by name in the path (GB18030 text, as Chinese Excel saves CSV).
    const [one] = await db().query<{ orbit_number: number }>(`SELECT orbit_number FROM scenes WHERE path = $1 AND "row" = $2 LIMIT 1`, [
      frame!.path,
      frame!.row,
    ]);
    const gbk = new Uint8Array([0xb9, 0xec, 0xb5, 0xc0, 0xba, 0xc5, 0x0a]); // "轨道号\n" in GBK
    const csv = new Uint8Array([...gbk, ...new TextEncoder().encode(`${one!.orbit_number},${frame!.path},${frame!.row}\n`)]);
    const opr = await upload('OPR', 'opr.csv', csv);
    expect(opr.data).toMatchObject({ listType: UPLOAD_TYPES.OPR, lines: 1, encoding: 'gb18030', invalidCount: 0 });
    expect(await searchIds({ area: { mode: 5, uploadId: opr.data.id } })).toEqual(
      await sqlIds(`orbit_number = $1 AND path = $2 AND "row" = $3`, [one!.orbit_number, frame!.path, frame!.row]),
    );
  });

  it('templates download in both languages and formats, with real examples that read back and find scenes', async () => {
    const handlers: [UploadType, typeof filenamesTemplate, string][] = [
      [UPLOAD_TYPES.FLIE_NAMES, filenamesTemplate, 'filenames'],
      [UPLOAD_TYPES.OPR, oprTemplate, 'pathandrows'],
      [UPLOAD_TYPES.PR, prTemplate, 'pr'],
    ];
    for (const [type, handler, path] of handlers) {
      for (const lang of ['zh', 'en'] as const) {
        for (const format of ['xlsx', 'txt'] as const) {
          const response = await handler(
            new Request(`http://localhost:3000/api/normal/v5/normalmeta/template/${path}/v2?lang=${lang}&format=${format}`),
          );
          expect(response.status).toBe(200);
          const disposition = response.headers.get('content-disposition')!;
          expect(disposition).toMatch(new RegExp(`filename\\*=UTF-8''.+\\.${format}$`));
          if (lang === 'zh') expect(decodeURIComponent(disposition.split("''")[1]!)).toMatch(/^景列表/);
          const bytes = new Uint8Array(await response.arrayBuffer());
          const read = await readSceneListFile(bytes, `t.${format}`, type);
          expect(read.header).not.toBeNull();
          expect(read.invalid).toEqual([]);
          expect(read.entries.length).toBeGreaterThanOrEqual(2);
          if (format === 'xlsx') {
            const wb = new ExcelJS.Workbook();
            await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
            const head = String(wb.worksheets[0]!.getRow(1).getCell(1).value);
            expect(head).toBe(
              lang === 'zh'
                ? type === 1
                  ? '文件名'
                  : type === 2
                    ? '轨道号'
                    : '条带号'
                : type === 1
                  ? 'File name'
                  : type === 2
                    ? 'Orbit'
                    : 'Path',
            );
          }
          // Uploaded as it is, the template finds scenes.
          const res = await upload(String(type), `template.${format}`, bytes);
          expect(res.code).toBe(0);
          expect(await searchIds({ area: { mode: 5, uploadId: res.data.id } })).not.toEqual([]);
        }
      }
    }
    // The language defaults to the request's.
    const zh = await filenamesTemplate(
      new Request('http://localhost:3000/api/normal/v5/normalmeta/template/filenames/v2', { headers: { 'accept-language': 'zh-CN' } }),
    );
    expect(decodeURIComponent(zh.headers.get('content-disposition')!.split("''")[1]!)).toBe('景列表-文件名模板.xlsx');
    const bad = await filenamesTemplate(
      new Request('http://localhost:3000/api/normal/v5/normalmeta/template/filenames/v2?lang=fr', { headers: { 'x-locale': 'en' } }),
    );
    expect(await bad.json()).toMatchObject({ code: 400, message: 'The language must be zh or en' });
  });

  it('offlinebyids reports the archived scenes among the ids, in their order', async () => {
    const offline = await sqlIds(`NOT online`, []);
    const online = await sqlIds(`online`, []);
    expect(offline.length).toBeGreaterThan(2);
    const ids = [online[0]!, offline[1]!, 'NO_SUCH_SCENE', offline[0]!, online[1]!];
    const res = await call(offlinePost, '/api/normal/v5/normalmeta/offlinebyids', { body: { ids } });
    expect(res.json).toMatchObject({ code: 0, data: { offline: [offline[1], offline[0]] } });
    const tooMany = await call(offlinePost, '/api/normal/v5/normalmeta/offlinebyids', {
      body: { ids: Array.from({ length: 10_001 }, (_, i) => `S${i}`) },
      headers: { 'x-locale': 'en' },
    });
    expect(tooMany.json.code).toBe(400);
    expect(tooMany.json.message).toContain('At most 10000 scene ids at once');
  });

  it('refuses what is not a list, or too big, and stores nothing', async () => {
    const before = [await uploadCount(), await lineCount()];
    const cases: [string, string, string | Uint8Array, number, string][] = [
      ['1', 'big.txt', new Uint8Array(2 * 1024 * 1024 + 10).fill(0x41), 413, 'The file is larger than 2 MB'],
      ['3', 'many.txt', Array.from({ length: 10_001 }, (_, i) => `${i},1`).join('\n'), 400, 'The file has more than 10000 lines'],
      ['3', 'image.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), 400, 'Only .txt, .csv and .xlsx files are read'],
      ['3', 'words.txt', 'Path,Row\nabc,def\n', 400, 'No line of the file could be read (line 2: not a whole number)'],
      ['7', 'list.txt', '1 2', 400, 'The list type must be 1 (FLIE_NAMES), 2 (OPR) or 3 (PR)'],
      ['PR', 'empty.txt', '\n\n', 400, 'The file holds no line to read'],
    ];
    for (const [x, name, content, code, message] of cases) {
      const res = await upload(x, name, content);
      expect([name, res.code, res.message.replace(/^Invalid request: /, '')]).toEqual([name, code, message]);
    }
    const notMultipart = await call(uploadPost, '/api/normal/v5/normalmeta/upload/file/v2/1', {
      body: { file: 'x' },
      params: { x: '1' },
      headers: { 'x-locale': 'en' },
    });
    expect(notMultipart.json).toMatchObject({ code: 400, message: 'Send the list as multipart/form-data in the field "file"' });
    expect([await uploadCount(), await lineCount()]).toEqual(before);

    // An unknown (or expired) list is refused by the search and by its info.
    const unknown = '3f2b8c1e-1111-4222-8333-444455556666';
    const info = await call(infoGet, `/api/normal/v5/normalmeta/upload/file/v2/id/${unknown}`, {
      params: { id: unknown },
      headers: { 'x-locale': 'en' },
    });
    expect(info.json).toMatchObject({ code: 404, message: 'The scene list has expired or does not exist; please upload it again' });
    const search = await call(basePost, '/api/normal/v5/normalmeta/base', {
      body: { filter: { area: { mode: 5, uploadId: unknown } } },
      headers: { 'x-locale': 'en' },
    });
    expect(search.json.code).toBe(400);
  });
});
