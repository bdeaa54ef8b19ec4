import { GET as figures } from '../../app/api/main/v1/figures/route';
import { call, withTestDatabase } from '../support/api';

const PATH = '/api/main/v1/figures';
const db = withTestDatabase();

const count = async (sql: string) => (await db().query<{ n: number }>(sql))[0]!.n;

describe('platform figures', () => {
  it('equal counts taken independently from the seeded tables', async () => {
    const { json } = await call(figures, PATH);
    expect(json.code).toBe(0);
    const byArea = await db().query<{ area: string; n: number }>('SELECT area, count(*)::int AS n FROM satellites GROUP BY area');
    const area = (a: string) => byArea.find((r) => r.area === a)?.n ?? 0;
    expect(json.data).toEqual({
      chineseSatellites: area('cn'),
      globalSatellites: area('global'),
      spacecraft: await count('SELECT count(*)::int AS n FROM satellite_members'),
      sensors: await count('SELECT count(*)::int AS n FROM satellite_sensors'),
      provinces: await count("SELECT count(*)::int AS n FROM regions WHERE level = 'province'"),
      counties: await count("SELECT count(*)::int AS n FROM regions WHERE level = 'county'"),
      news: await count("SELECT count(*)::int AS n FROM news WHERE published_at IS NOT NULL AND status = 'published'"),
      sharedItems: await count('SELECT count(*)::int AS n FROM share_items'),
      downloads: await count(
        'SELECT coalesce(sum(f.download_count), 0)::int AS n FROM files f WHERE f.id IN (SELECT file_id FROM share_items)',
      ),
    });
    // The seed is what the home page describes: 20 Chinese and 22 global series, 34 provinces.
    expect(json.data.chineseSatellites).toBe(20);
    expect(json.data.globalSatellites).toBe(22);
    expect(json.data.provinces).toBe(34);
    expect(json.data.news).toBeGreaterThanOrEqual(60);
  });

  it('follow the data: a download and a new draft change exactly what they should', async () => {
    const before = (await call(figures, PATH)).json.data;
    await db().query(
      'UPDATE files SET download_count = download_count + 3 WHERE id = (SELECT file_id FROM share_items WHERE file_id IS NOT NULL ORDER BY id LIMIT 1)',
    );
    // A news cover's views are not downloads of shared files.
    await db().query(
      'UPDATE files SET download_count = download_count + 5 WHERE id = (SELECT cover_file_id FROM news WHERE cover_file_id IS NOT NULL LIMIT 1)',
    );
    await db().query(
      "INSERT INTO news (slug, type, status, title_zh, title_en, summary_zh, summary_en, body_zh, body_en, text_zh, text_en) VALUES ('figures-test-draft', 0, 'draft', '草稿', 'Draft', '', '', '', '', '', '')",
    );
    const after = (await call(figures, PATH)).json.data;
    expect(after).toEqual({ ...before, downloads: before.downloads + 3 });
  });
});
