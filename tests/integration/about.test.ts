import { GET as faqGet } from '../../app/api/main/v1/faq/route';
import { GET as nodeGet } from '../../app/api/main/v1/node/route';
import sitemap from '../../app/sitemap';
import { faqSeed } from '../../lib/server/faq';
import { nodesSeed } from '../../lib/server/nodes';
import { FAQ_CATEGORIES, faqItemSchema } from '../../lib/shared/contracts/faq';
import { nodeSchema } from '../../lib/shared/contracts/nodes';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const EN = { 'x-locale': 'en' };
const HAN = /[\u4e00-\u9fff]/;

const faq = async (query = '', headers: Record<string, string> = {}) => {
  const res = await call(faqGet, `/api/main/v1/faq${query}`, { headers });
  return { ...res, items: res.json.code === 0 ? (res.json.data as unknown[]).map((x) => faqItemSchema.parse(x)) : [] };
};

describe('provincial nodes API', () => {
  it('lists one node per mainland province, placed inside its province, with demo contacts', async () => {
    const res = await call(nodeGet, '/api/main/v1/node');
    expect(res.json.code).toBe(0);
    const nodes = (res.json.data as unknown[]).map((x) => nodeSchema.parse(x));
    expect(nodes).toHaveLength(31);
    const codes = nodes.map((n) => n.provinceCode);
    expect(codes).toEqual([...codes].sort());
    expect(codes).not.toContain('710000');
    expect(codes).not.toContain('810000');
    const [provinces] = await db().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM regions WHERE level = 'province' AND code NOT IN ('710000', '810000', '820000')",
    );
    expect(nodes).toHaveLength(provinces!.n);

    // Each marker point lies inside its own province (checked independently in PostGIS).
    const inside = await db().query<{ code: string; ok: boolean }>(
      `SELECT p.code, ST_Intersects(r.geom_hi, ST_SetSRID(ST_MakePoint(p.lon, p.lat), 4326)) AS ok
       FROM jsonb_to_recordset($1::jsonb) AS p(code text, lon float8, lat float8) JOIN regions r ON r.code = p.code`,
      [JSON.stringify(nodes.map((n) => ({ code: n.provinceCode, lon: n.position[0], lat: n.position[1] })))],
    );
    expect(inside.filter((r) => !r.ok)).toEqual([]);
    expect(inside).toHaveLength(31);

    for (const node of nodes) {
      expect(node.demo).toBe(true);
      expect(node.phone).toMatch(/^000-/);
      expect(node.email).toMatch(/@rscloud\.example$/);
      expect(node.name).toMatch(HAN);
    }
    expect(nodes.find((n) => n.provinceCode === '130000')).toMatchObject({
      name: '河北省节点',
      provinceName: '河北省',
      host: '河北省自然资源厅',
    });
  });

  it('answers in English and filters by province', async () => {
    const res = await call(nodeGet, '/api/main/v1/node?province=110000', { headers: EN });
    const [beijing, ...rest] = res.json.data as unknown[];
    expect(rest).toEqual([]);
    expect(nodeSchema.parse(beijing)).toMatchObject({
      provinceCode: '110000',
      provinceName: 'Beijing',
      name: 'Beijing node',
      host: 'Beijing Municipal Commission of Planning and Natural Resources',
      address: 'Beijing (demo address)',
    });
    expect((await call(nodeGet, '/api/main/v1/node?province=710000')).json.data).toEqual([]);
    for (const bad of ['130100', '999999', "13'--", 'abc']) {
      const refused = await call(nodeGet, `/api/main/v1/node?province=${encodeURIComponent(bad)}`, { headers: EN });
      expect(refused.json.code).toBe(400);
    }
  });

  it('re-seeding changes nothing, and a regions reload keeps the nodes', async () => {
    await nodesSeed.run(db(), () => {});
    const [count] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM provincial_nodes');
    expect(count!.n).toBe(31);
    // The regions seed replaces its table in one transaction; the deferred key lets the nodes survive it.
    await db().transaction(async (tx) => {
      await tx.query('CREATE TEMP TABLE regions_copy ON COMMIT DROP AS SELECT * FROM regions');
      await tx.query('DELETE FROM regions');
      await tx.query('INSERT INTO regions SELECT * FROM regions_copy');
    });
    expect((await call(nodeGet, '/api/main/v1/node')).json.data).toHaveLength(31);
    // A node needs an existing province.
    await expect(
      db().query(
        `INSERT INTO provincial_nodes (province_code, name_zh, name_en, host_zh, host_en, address_zh, address_en, phone, email, hours_zh, hours_en)
         VALUES ('190000', 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'x', 'x')`,
      ),
    ).rejects.toThrow();
  });
});

describe('FAQ API', () => {
  it('has at least 25 questions in every category, in both languages', async () => {
    const zh = await faq();
    const en = await faq('', EN);
    expect(zh.items.length).toBeGreaterThanOrEqual(25);
    expect(en.items.map((i) => i.id)).toEqual(zh.items.map((i) => i.id));
    expect(new Set(zh.items.map((i) => i.category))).toEqual(new Set(FAQ_CATEGORIES));
    // Category order as the page shows it.
    const order = zh.items.map((i) => FAQ_CATEGORIES.indexOf(i.category));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(zh.items.every((i) => HAN.test(i.question) && HAN.test(i.answer))).toBe(true);
    expect(en.items.every((i) => !HAN.test(i.question) && /[a-z]{3}/.test(i.answer))).toBe(true);
    expect(new Set(zh.items.map((i) => i.slug)).size).toBe(zh.items.length);
  });

  it('searches question and answer in the caller’s language, every word, literally', async () => {
    const wfs = await faq('?q=ogr2ogr', EN);
    expect(wfs.items.map((i) => i.slug)).toContain('gdal');
    expect(wfs.items.every((i) => `${i.question} ${i.answer}`.toLowerCase().includes('ogr2ogr'))).toBe(true);

    const zh = await faq(`?q=${encodeURIComponent('验证码')}`);
    expect(zh.items.length).toBeGreaterThan(1);
    expect(zh.items.every((i) => `${i.question}${i.answer}`.includes('验证码'))).toBe(true);
    // Chinese words are not found on the English side.
    expect((await faq(`?q=${encodeURIComponent('验证码')}`, EN)).items).toEqual([]);

    const both = await faq('?q=captcha%20expired', EN);
    expect(both.items.length).toBeGreaterThan(0);
    expect(both.items.every((i) => /captcha/i.test(`${i.question} ${i.answer}`) && /expired/i.test(`${i.question} ${i.answer}`))).toBe(
      true,
    );

    // LIKE wildcards are plain characters.
    const all = (await faq('', EN)).items.length;
    for (const wildcard of ['%', '_']) {
      const found = (await faq(`?q=${encodeURIComponent(wildcard)}`, EN)).items;
      expect(found.length).toBeGreaterThan(0);
      expect(found.length).toBeLessThan(all);
      expect(found.every((i) => `${i.question}${i.answer}`.includes(wildcard))).toBe(true);
    }
    expect((await faq(`?q=${encodeURIComponent("' OR 1=1 --")}`, EN)).items).toEqual([]);

    const maps = await faq('?category=mapServices', EN);
    expect(maps.items.length).toBeGreaterThan(3);
    expect(maps.items.every((i) => i.category === 'mapServices')).toBe(true);
    expect((await faq('?category=mapServices&q=QGIS', EN)).items.map((i) => i.slug)).toContain('qgis');
  });

  it('refuses bad parameters with a localized message', async () => {
    const long = await faq(`?q=${'x'.repeat(51)}`, EN);
    expect(long.json.code).toBe(400);
    expect(long.json.message).toMatch(/^Invalid request:/);
    const category = await faq('?category=nope');
    expect(category.json.code).toBe(400);
    expect(category.json.message).toMatch(HAN);
  });

  it('applies a changed FAQ file once and is listed in the sitemap with the nodes page', async () => {
    await db().query("UPDATE faq SET question_en = 'Edited' WHERE slug = 'register'");
    await faqSeed.run(db(), () => {});
    // Same file: nothing reapplied, so the edit stays until the file changes.
    expect((await faq('?q=Edited', EN)).items.map((i) => i.slug)).toEqual(['register']);
    await db().query("UPDATE dataset_versions SET version = 'old' WHERE name = 'faq'");
    await faqSeed.run(db(), () => {});
    expect((await faq('?q=Edited', EN)).items).toEqual([]);
    const [count] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM faq');
    expect(count!.n).toBe((await faq()).items.length);

    const urls = (await sitemap()).map((e) => e.url);
    expect(urls).toContain('http://localhost:3000/chinese/about/FAQ');
    expect(urls).toContain('http://localhost:3000/english/about/province');
  });
});
