/**
 * The image query's exports against the database, read back as a user's tools would: the CSV parsed,
 * the Excel file opened with exceljs (headers in both languages), the shapefile zip unzipped and opened
 * with GDAL (`ogrinfo`), the GeoJSON parsed, the quick-look zip unzipped and its pictures decoded.
 * Fixture scenes (collection `fixture-exp`) with known values are inserted here; demo scenes from the
 * template supply drawn quick-looks and the "too many" cases. Refusals answer in the caller's language.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadImage } from '@napi-rs/canvas';
import ExcelJS from 'exceljs';
import { unzipSync, strFromU8 } from 'fflate';
import { POST as quickimagePost } from '../../app/api/normal/v5/normalmeta/export/quickimage/route';
import { POST as coverPost } from '../../app/api/normal/v5/normalmeta/covershp/route';
import { POST as exportsPost } from '../../app/api/normal/v5/normalmeta/exports/route';
import { EXPORT_LIMITS } from '../../lib/shared/contracts/exports';
import { withTestDatabase } from '../support/api';
import { parseCsv } from '../support/csv';

const db = withTestDatabase();

type Handler = (request: Request) => Promise<Response>;

async function post(handler: Handler, path: string, body: unknown, locale: 'zh' | 'en' = 'zh') {
  const response = await handler(
    new Request(`http://localhost:3000${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-locale': locale },
      body: JSON.stringify(body),
    }),
  );
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: () => new TextDecoder().decode(bytes) };
}

interface Fixture {
  id: string;
  fileName: string;
  lon: number;
  lat: number;
  at: string;
  cloud: number | null;
  online: boolean;
  quicklook: string | null;
}

const FIXTURES: Fixture[] = [
  {
    id: 'EXP_1',
    fileName: 'EXP_1_GF2_PMS1_20240301.tar.gz',
    lon: 116.4,
    lat: 39.9,
    at: '2024-03-01T03:00:00Z',
    cloud: 5,
    online: true,
    quicklook: 'https://provider.example/ql/EXP_1.jpg',
  },
  {
    id: 'EXP_2',
    fileName: '=HYPERLINK("http://evil","x"),2.tar.gz',
    lon: 117.1,
    lat: 40.2,
    at: '2024-03-02T03:00:00Z',
    cloud: 40.5,
    online: false,
    quicklook: null,
  },
  {
    id: 'EXP_3',
    fileName: 'EXP_3_资源三号_"quoted".tar.gz',
    lon: 115.8,
    lat: 39.1,
    at: '2024-03-03T03:00:00Z',
    cloud: null,
    online: true,
    quicklook: null,
  },
  {
    id: 'EXP_4',
    fileName: 'EXP_4_multi.tar.gz',
    lon: 118.0,
    lat: 41.0,
    at: '2024-03-04T03:00:00Z',
    cloud: 0,
    online: true,
    quicklook: null,
  },
];
const FILTER = { collections: ['fixture-exp'] };
const BY_TIME = [...FIXTURES].sort((a, b) => b.at.localeCompare(a.at));

const square = (lon: number, lat: number, d = 0.5) =>
  `POLYGON((${lon - d} ${lat - d},${lon + d} ${lat - d},${lon + d} ${lat + d},${lon - d} ${lat + d},${lon - d} ${lat - d}))`;

let demoIds: string[] = [];
let demoTotal = 0;
let tmp = '';

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'exports-'));
  for (const f of FIXTURES) {
    await db().query(
      `INSERT INTO scenes (id, file_name, collection, satellite, sensor, platform, product_level, resolution_m, acquired_at, cloud_pct,
         orbit_number, path, "row", footprint, centre, area_km2, online, quicklook_url, source)
       SELECT $1, $2, 'fixture-exp', 'ZY-3', 'MUX', 'fixture', 'L1A', 5.8, $3::timestamptz, $4, 1234, 7, 88, g, ST_Centroid(g),
              ST_Area(g::geography) / 1e6, $5, $6, 'imported'
         FROM (SELECT ST_GeomFromText($7, 4326) AS g) x`,
      [f.id, f.fileName, f.at, f.cloud, f.online, f.quicklook, square(f.lon, f.lat)],
    );
  }
  // EXP_4 is a multipolygon of two squares.
  await db().query(
    `UPDATE scenes SET footprint = ST_Multi(ST_Union(ST_GeomFromText($1, 4326), ST_GeomFromText($2, 4326))) WHERE id = 'EXP_4'`,
    [square(118, 41, 0.2), square(119, 41, 0.2)],
  );
  const rows = await db().query<{ id: string }>(`SELECT id FROM scenes WHERE source = 'demo' ORDER BY acquired_at DESC, id DESC LIMIT 3`);
  demoIds = rows.map((r) => r.id);
  const [count] = await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM scenes`);
  demoTotal = count!.n;
}, 60_000);

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('result list exports', () => {
  it('CSV: UTF-8 with BOM, headers in the language asked for, one defused row per scene in time order', async () => {
    const en = await post(exportsPost, '/api/normal/v5/normalmeta/exports?format=csv&lang=en', { filter: FILTER });
    expect(en.status).toBe(200);
    expect(en.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(en.headers.get('content-disposition')).toMatch(
      /^attachment; filename="image-query-results-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''/,
    );
    expect([...en.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(en.text().replace(/^\uFEFF/, ''));
    expect(rows[0]!.slice(0, 4)).toEqual(['File name', 'Satellite', 'Sensor', 'Product level']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(BY_TIME.map((f) => (f.fileName.startsWith('=') ? `'${f.fileName}` : f.fileName)));
    const exp2 = rows.find((r) => r.at(-1) === 'EXP_2')!;
    expect(exp2[rows[0]!.indexOf('Availability')]).toBe('Offline (archived)');
    expect(exp2[rows[0]!.indexOf('Cloud cover (%)')]).toBe('40.5');
    expect(exp2[rows[0]!.indexOf('Source')]).toBe('Imported catalogue');
    expect(exp2[rows[0]!.indexOf('Acquired (UTC)')]).toBe('2024-03-02 03:00:00');

    // Chinese headers and name (the UTF-8 file name in filename*), the checked ids only.
    const zh = await post(
      exportsPost,
      '/api/normal/v5/normalmeta/exports?format=csv',
      { filter: FILTER, ids: ['EXP_3', 'EXP_1', 'NOT_THERE'] },
      'zh',
    );
    expect(zh.status).toBe(200);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(zh.headers.get('content-disposition')!)![1]!)).toMatch(
      /^影像检索结果-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const zhRows = parseCsv(zh.text().replace(/^\uFEFF/, ''));
    expect(zhRows[0]!.slice(0, 3)).toEqual(['文件名', '卫星', '传感器']);
    expect(zhRows.slice(1).map((r) => r.at(-1))).toEqual(['EXP_3', 'EXP_1']);
    expect(zhRows[1]![0]).toBe('EXP_3_资源三号_"quoted".tar.gz');
    expect(zhRows[1]![zhRows[0]!.indexOf('在线状态')]).toBe('在线');
  });

  it('Excel: opens in exceljs with the headers of each language and the same rows', async () => {
    for (const [lang, first, online] of [
      ['en', 'File name', 'Availability'],
      ['zh', '文件名', '在线状态'],
    ] as const) {
      const res = await post(exportsPost, `/api/normal/v5/normalmeta/exports?format=xlsx&lang=${lang}`, {
        filter: FILTER,
        sort: 'cloud',
        order: 'asc',
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.bytes.buffer.slice(res.bytes.byteOffset, res.bytes.byteOffset + res.bytes.byteLength) as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      expect(header[0]).toBe(first);
      expect(header).toContain(online);
      expect(sheet.rowCount).toBe(1 + FIXTURES.length);
      // Least cloud first; radar-like scenes without cloud count as clear (0).
      const ids = Array.from({ length: FIXTURES.length }, (_, i) => (sheet.getRow(i + 2).values as unknown[]).at(-1));
      expect(ids).toEqual(['EXP_4', 'EXP_3', 'EXP_1', 'EXP_2']);
      // Text stays text (never a formula), numbers stay numbers.
      const exp2 = sheet.getRow(5);
      expect(exp2.getCell(1).value).toBe(FIXTURES[1]!.fileName);
      expect(exp2.getCell(header.indexOf(lang === 'en' ? 'Cloud cover (%)' : '云量（%）') + 1).value).toBe(40.5);
    }
  });
});

describe('footprint exports (covershp)', () => {
  it('shapefile zip: GDAL opens it with every scene, WGS 84, the attribute fields and multipolygons', async () => {
    const res = await post(coverPost, '/api/normal/v5/normalmeta/covershp?lang=en', { filter: FILTER });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/filename="scene-footprints-\d{4}-\d{2}-\d{2}\.zip"/);
    const entries = Object.keys(unzipSync(res.bytes)).sort();
    expect(entries).toEqual([
      'scene_footprints.cpg',
      'scene_footprints.dbf',
      'scene_footprints.prj',
      'scene_footprints.shp',
      'scene_footprints.shx',
    ]);
    const file = join(tmp, 'footprints.zip');
    writeFileSync(file, res.bytes);
    const info = execFileSync('ogrinfo', ['-al', '-so', `/vsizip/${file}`], { encoding: 'utf8' });
    expect(info).toMatch(/Feature Count: 4/);
    expect(info).toMatch(/Geometry: Polygon/);
    expect(info).toMatch(/WGS 84|WGS_1984/);
    for (const field of [
      'FILE_NAME: String',
      'SATELLITE: String',
      'CLOUD_PCT: Real',
      'PATH: Integer',
      'ONLINE: String',
      'SCENE_ID: String',
    ])
      expect(info).toContain(field);
    // Values read back through GDAL, UTF-8 names intact.
    const rows = execFileSync(
      'ogrinfo',
      ['-ro', '-q', '-sql', "SELECT FILE_NAME, ONLINE FROM scene_footprints WHERE SCENE_ID = 'EXP_3'", `/vsizip/${file}`],
      {
        encoding: 'utf8',
      },
    );
    expect(rows).toContain('EXP_3_资源三号_"quoted".tar.gz');
    expect(rows).toContain('ONLINE (String) = Online');
    const multi = execFileSync(
      'ogrinfo',
      ['-ro', '-q', '-sql', "SELECT * FROM scene_footprints WHERE SCENE_ID = 'EXP_4'", `/vsizip/${file}`],
      { encoding: 'utf8' },
    );
    expect(multi).toMatch(/MULTIPOLYGON/);
  });

  it('GeoJSON: a FeatureCollection of the footprints with the attributes, readable by GDAL too', async () => {
    const res = await post(coverPost, '/api/normal/v5/normalmeta/covershp?format=geojson&lang=zh', {
      filter: FILTER,
      ids: ['EXP_4', 'EXP_2'],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
    const doc = JSON.parse(res.text()) as {
      type: string;
      features: { id: string; geometry: { type: string }; properties: Record<string, unknown> }[];
    };
    expect(doc.type).toBe('FeatureCollection');
    expect(doc.features.map((f) => f.id)).toEqual(['EXP_4', 'EXP_2']);
    expect(doc.features[0]!.geometry.type).toBe('MultiPolygon');
    expect(doc.features[1]!.properties).toMatchObject({
      fileName: FIXTURES[1]!.fileName,
      cloud: 40.5,
      online: '离线（已归档）',
      path: 7,
      row: 88,
    });
    const file = join(tmp, 'footprints.geojson');
    writeFileSync(file, res.bytes);
    expect(execFileSync('ogrinfo', ['-al', '-so', file], { encoding: 'utf8' })).toMatch(/Feature Count: 2/);
  });
});

describe('quick-look zip (export/quickimage)', () => {
  it('holds the drawn PNG of each checked demo scene (they decode) and a README with the external links', async () => {
    const ids = [...demoIds, 'EXP_1', 'EXP_2'];
    const res = await post(quickimagePost, '/api/normal/v5/normalmeta/export/quickimage?lang=en', { filter: {}, ids });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/filename="quick-looks-\d{4}-\d{2}-\d{2}\.zip"/);
    const files = unzipSync(res.bytes);
    const pngs = Object.keys(files).filter((n) => n.endsWith('.png'));
    expect(pngs).toHaveLength(demoIds.length);
    for (const name of pngs) {
      const image = await loadImage(Buffer.from(files[name]!));
      expect(image.width).toBeGreaterThan(0);
      expect(image.height).toBeGreaterThan(0);
    }
    const readme = strFromU8(files['README.txt']!);
    expect(readme).toContain('Quick-looks of 5 scenes');
    expect(readme).toContain('EXP_1_GF2_PMS1_20240301.tar.gz\thttps://provider.example/ql/EXP_1.jpg');
    expect(readme).toMatch(/no quick-look:\r\n\s+=HYPERLINK/);
    for (const id of demoIds) expect(readme).toContain(id);
  });

  it('stops drawing when the client goes away', async () => {
    const many = await db().query<{ id: string }>(
      `SELECT id FROM scenes WHERE source = 'demo' ORDER BY acquired_at DESC, id DESC LIMIT 12`,
    );
    const controller = new AbortController();
    const response = await quickimagePost(
      new Request('http://localhost:3000/api/normal/v5/normalmeta/export/quickimage?lang=en', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ids: many.map((r) => r.id) }),
        signal: controller.signal,
      }),
    );
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    const first = await reader.read();
    chunks.push(first.value!);
    controller.abort();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
    const text = Buffer.concat(chunks).toString('latin1');
    // Fewer pictures than asked for, and the zip was never finished (no README, no central directory).
    const drawn = many.filter((r) => text.includes(r.id)).length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(many.length / 2);
    expect(text).not.toContain('README.txt');
  });
});

describe('bounds and refusals', () => {
  it('refuses more scenes than an export holds, with the count, in the caller’s language', async () => {
    expect(demoTotal).toBeGreaterThan(EXPORT_LIMITS.maxQuicklooks);
    const zh = await post(quickimagePost, '/api/normal/v5/normalmeta/export/quickimage', { filter: {} }, 'zh');
    expect(zh.status).toBe(413);
    expect(JSON.parse(zh.text()).message).toBe(`快视图压缩包最多包含 200 景，当前选择了 ${demoTotal} 景。请少勾选一些。`);
    const en = await post(quickimagePost, '/api/normal/v5/normalmeta/export/quickimage', { filter: {} }, 'en');
    expect(JSON.parse(en.text()).message).toMatch(/^A quick-look zip holds at most 200 scenes/);
    // 10,001 cheap scenes of their own collection: one past the list cap.
    await db().query(
      `INSERT INTO scenes (id, file_name, collection, satellite, sensor, platform, product_level, resolution_m, acquired_at, footprint, centre, area_km2, online, source)
       SELECT 'BULK_' || i, 'BULK_' || i, 'fixture-bulk', 'X', 'Y', 'fixture', 'L1A', 10, '2024-01-01'::timestamptz + i * interval '1 minute',
              ST_MakeEnvelope(100, 30, 100.1, 30.1, 4326), ST_SetSRID(ST_MakePoint(100.05, 30.05), 4326), 100, true, 'imported'
         FROM generate_series(1, $1::int) AS i`,
      [EXPORT_LIMITS.maxRows + 1],
    );
    const list = await post(
      exportsPost,
      '/api/normal/v5/normalmeta/exports?format=csv',
      { filter: { collections: ['fixture-bulk'] } },
      'en',
    );
    expect(list.status).toBe(413);
    expect(JSON.parse(list.text()).message).toBe(
      'An export holds at most 10000 scenes, but 10001 match. Check the scenes you need or narrow the search.',
    );
    // Checked scenes within the cap export fine from the same search.
    const some = await post(
      exportsPost,
      '/api/normal/v5/normalmeta/exports?format=csv',
      { filter: { collections: ['fixture-bulk'] }, ids: ['BULK_1', 'BULK_2'] },
      'en',
    );
    expect(some.status).toBe(200);
    expect(parseCsv(some.text().replace(/^\uFEFF/, ''))).toHaveLength(3);
  });

  it('refuses too many ids, bad formats and empty exports with localized messages, before any file', async () => {
    const ids = Array.from({ length: EXPORT_LIMITS.maxRows + 1 }, (_, i) => `S${i}`);
    const tooMany = await post(exportsPost, '/api/normal/v5/normalmeta/exports?format=csv', { filter: FILTER, ids }, 'en');
    expect(tooMany.status).toBe(400);
    expect(JSON.parse(tooMany.text()).message).toContain('At most 10000 scenes can be checked');
    const badFormat = await post(exportsPost, '/api/normal/v5/normalmeta/exports?format=pdf', { filter: FILTER }, 'zh');
    expect(badFormat.status).toBe(400);
    expect(JSON.parse(badFormat.text()).message).toContain('不支持该导出格式');
    const badId = await post(coverPost, '/api/normal/v5/normalmeta/covershp', { filter: FILTER, ids: ['../etc'] }, 'en');
    expect(badId.status).toBe(400);
    expect(JSON.parse(badId.text()).message).toContain('The scene id is not valid');
    const none = await post(coverPost, '/api/normal/v5/normalmeta/covershp', { filter: { collections: ['fixture-none'] } }, 'zh');
    expect(none.status).toBe(400);
    expect(JSON.parse(none.text()).message).toBe('没有可导出的影像：检索条件（或勾选的影像）没有匹配结果');
    const expired = await post(
      exportsPost,
      '/api/normal/v5/normalmeta/exports',
      { filter: { area: { mode: 3, uploadId: '11111111-1111-4111-8111-111111111111' } } },
      'en',
    );
    expect(expired.status).toBe(400);
    expect(JSON.parse(expired.text()).message).toMatch(/expired or does not exist/);
  });
});
