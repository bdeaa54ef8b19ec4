import { GET as globalRegionGet } from '../../app/api/region/v1/globalregion/id/[id]/route';
import { GET as globalChildrenGet } from '../../app/api/region/v1/globalregion/pid/[pid]/s/route';
import { GET as extentGet } from '../../app/api/region/v1/region/extent/[id]/route';
import { GET as regionGeometryGet } from '../../app/api/region/v1/region/id/[id]/l/route';
import { GET as regionGet } from '../../app/api/region/v1/region/id/[id]/route';
import { GET as childrenGeometryGet } from '../../app/api/region/v1/region/pid/[pid]/l/route';
import { GET as childrenGet } from '../../app/api/region/v1/region/pid/[pid]/route';
import { GET as childrenShortGet } from '../../app/api/region/v1/region/pid/[pid]/s/route';
import { GET as positionGet } from '../../app/api/region/v1/region/position/route';
import { regionFeatureCollectionSchema, regionFeatureSchema, regionSchema } from '../../lib/shared/contracts/regions';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const EN = { 'x-locale': 'en' };

describe('region API', () => {
  it('loads every level with parents that exist', async () => {
    const counts = await db().query<{ level: string; n: number }>(
      'SELECT level, count(*)::int AS n FROM regions GROUP BY level ORDER BY level',
    );
    const byLevel = Object.fromEntries(counts.map((c) => [c.level, c.n]));
    expect(byLevel.country).toBe(1);
    expect(byLevel.province).toBe(34);
    expect(byLevel.city).toBeGreaterThan(360);
    expect(byLevel.county).toBeGreaterThan(2800);
    const orphans = await db().query(
      "SELECT r.code FROM regions r LEFT JOIN regions p ON p.code = r.parent_code WHERE r.level <> 'country' AND p.code IS NULL",
    );
    expect(orphans).toEqual([]);
    const invalid = await db().query('SELECT code FROM regions WHERE NOT ST_IsValid(geom_hi) OR NOT ST_IsValid(geom_lo)');
    expect(invalid).toEqual([]);
  });

  it('answers a region with its parent, in both languages', async () => {
    const zh = await call(regionGet, '/api/region/v1/region/id/130100', { params: { id: '130100' } });
    expect(zh.json.code).toBe(0);
    const region = regionSchema.parse(zh.json.data);
    expect(region).toMatchObject({ code: '130100', name: '石家庄市', level: 'city', parentRegionId: '130000', hasChildren: true });
    // Shijiazhuang lies around 114.5°E 38.0°N and covers about 14,000 km².
    expect(region.bbox[0]).toBeLessThan(114.5);
    expect(region.bbox[2]).toBeGreaterThan(114.5);
    expect(region.areaKm2).toBeGreaterThan(12_000);
    expect(region.areaKm2).toBeLessThan(17_000);
    expect(zh.headers.get('cache-control')).toContain('max-age');

    const en = await call(regionGet, '/api/region/v1/region/id/130100', { params: { id: '130100' }, headers: EN });
    expect(en.json.data).toMatchObject({ name: 'Shijiazhuang', nameZh: '石家庄市', nameEn: 'Shijiazhuang' });
    const country = await call(regionGet, '/api/region/v1/region/id/100000', { params: { id: '100000' } });
    expect(country.json.data).toMatchObject({ level: 'country', parentRegionId: null });
  });

  it('lists children short, full and with outlines', async () => {
    const provinces = await call(childrenShortGet, '/api/region/v1/region/pid/100000/s', { params: { pid: '100000' } });
    expect(provinces.json.data).toHaveLength(34);
    expect(provinces.json.data[0]).toEqual({ code: '110000', name: '北京市' });
    const hebei = await call(childrenGet, '/api/region/v1/region/pid/130000', { params: { pid: '130000' }, headers: EN });
    expect(hebei.json.data.map((r: { code: string }) => r.code)).toEqual(expect.arrayContaining(['130100', '130300']));
    expect(hebei.json.data.every((r: { parentRegionId: string }) => r.parentRegionId === '130000')).toBe(true);

    const outlines = await call(childrenGeometryGet, '/api/region/v1/region/pid/130100/l', { params: { pid: '130100' } });
    const collection = regionFeatureCollectionSchema.parse(outlines.json.data);
    expect(collection.features.length).toBeGreaterThan(15);
    expect(collection.features.every((f) => f.properties.parentRegionId === '130100')).toBe(true);
  });

  it('lists every descendant at a level, e.g. all counties of Hebei', async () => {
    const { json } = await call(childrenShortGet, '/api/region/v1/region/pid/130000/s?level=county', { params: { pid: '130000' } });
    expect(json.data.length).toBeGreaterThan(150);
    expect(json.data.every((r: { code: string }) => r.code.startsWith('13') && !r.code.endsWith('00'))).toBe(true);
  });

  it('handles the data quirks: cities without counties, Chongqing and province-administered units', async () => {
    const dongguan = await call(childrenShortGet, '/api/region/v1/region/pid/441900/s', { params: { pid: '441900' } });
    expect(dongguan.json.data).toEqual([]);
    const chongqing = await call(childrenShortGet, '/api/region/v1/region/pid/500000/s', { params: { pid: '500000' } });
    expect(chongqing.json.data.map((r: { code: string }) => r.code)).toEqual(['500100', '500200']);
    const xiantao = await call(regionGet, '/api/region/v1/region/id/429004', { params: { id: '429004' } });
    expect(xiantao.json.data).toMatchObject({ level: 'city', parentRegionId: '420000' });
  });

  it('finds the regions at a point, country first', async () => {
    // Tiananmen, in WGS84.
    const { json } = await call(positionGet, '/api/region/v1/region/position?lon=116.3975&lat=39.9087');
    expect(json.data.map((r: { code: string }) => r.code)).toEqual(['100000', '110000', '110100', '110101']);
    const sea = await call(positionGet, '/api/region/v1/region/position?lon=150&lat=20');
    expect(sea.json.data).toEqual([]);
  });

  it('returns one outline and its extent', async () => {
    const { json } = await call(regionGeometryGet, '/api/region/v1/region/id/110101/l?lod=hi', { params: { id: '110101' } });
    const feature = regionFeatureSchema.parse(json.data);
    expect(feature.geometry.type).toBe('MultiPolygon');
    const extent = await call(extentGet, '/api/region/v1/region/extent/110000', { params: { id: '110000' } });
    const [w, s, e, n] = extent.json.data.bbox;
    expect([w, s, e, n].map((v: number) => Math.round(v))).toEqual([115, 39, 118, 41]);
  });

  it('refuses bad input with a localized error and answers unknown codes as not found', async () => {
    const bad = await call(regionGet, '/api/region/v1/region/id/abc', { params: { id: 'abc' } });
    expect(bad.json.code).toBe(400);
    expect(bad.json.data).toBeNull();
    const badEn = await call(regionGet, '/api/region/v1/region/id/1301', { params: { id: '1301' }, headers: EN });
    expect(badEn.json.message).toMatch(/id/i);
    const missing = await call(regionGet, '/api/region/v1/region/id/999999', { params: { id: '999999' } });
    expect(missing.json.code).toBe(404);
    const lod = await call(regionGeometryGet, '/api/region/v1/region/id/110000/l?lod=max', { params: { id: '110000' } });
    expect(lod.json.code).toBe(400);
    const point = await call(positionGet, '/api/region/v1/region/position?lon=200&lat=0');
    expect(point.json.code).toBe(400);
    const injection = await call(childrenGet, "/api/region/v1/region/pid/1'%20OR%201=1", { params: { pid: "1' OR 1=1" } });
    expect(injection.json.code).toBe(400);
  });

  it('lists countries of the world and returns China with its outline', async () => {
    const { json } = await call(globalChildrenGet, '/api/region/v1/globalregion/pid/0/s', { params: { pid: '0' }, headers: EN });
    expect(json.data.length).toBeGreaterThan(200);
    expect(json.data).toEqual(expect.arrayContaining([{ code: '156000000', name: 'China' }]));
    const china = await call(globalRegionGet, '/api/region/v1/globalregion/id/156000000', { params: { id: '156000000' } });
    expect(china.json.data.properties).toMatchObject({ code: '156000000', isoA3: 'CHN', name: '中国', parentRegionId: '0' });
    expect(china.json.data.geometry.type).toBe('MultiPolygon');
    const none = await call(globalRegionGet, '/api/region/v1/globalregion/id/999000000', { params: { id: '999000000' } });
    expect(none.json.code).toBe(404);
  });
});
