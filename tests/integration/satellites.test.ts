import { GET as analysisGet } from '../../app/api/satellite/v1/analysis/[page]/route';
import { GET as detailGet } from '../../app/api/satellite/v1/satellite/[slug]/route';
import { GET as listGet } from '../../app/api/satellite/v1/satellite/route';
import { satellitesSeed } from '../../lib/server/satellites';
import { getTypicalImagePage } from '../../lib/server/satellites/typical-images';
import { analysisSchema, satelliteDetailSchema, satelliteSummarySchema } from '../../lib/shared/contracts/satellites';
import { ANALYSIS_PAGES, TYPICAL_IMAGE_SLUGS } from '../../lib/shared/satellites/model';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const EN = { 'x-locale': 'en' };

const list = async (query: string, headers: Record<string, string> = {}) => {
  const res = await call(listGet, `/api/satellite/v1/satellite?${query}`, { headers });
  expect(res.json.code).toBe(0);
  return res.json.data as { list: unknown[]; total: number; pageNum: number; pageSize: number };
};
const analysis = async (page: string, headers: Record<string, string> = {}) => {
  const res = await call(analysisGet, `/api/satellite/v1/analysis/${page}`, { params: { page }, headers });
  expect(res.json.code).toBe(0);
  return analysisSchema.parse(res.json.data);
};
const chart = (a: Awaited<ReturnType<typeof analysis>>, id: string) => {
  const found = a.charts.find((c) => c.id === id);
  if (!found) throw new Error(`no chart ${id}`);
  return found;
};

describe('satellite API', () => {
  it('lists the 20 Chinese and 22 global satellite pages, filtered by area and group', async () => {
    const all = await list('pageSize=100');
    expect(all.total).toBe(42);
    const cn = await list('country=cn&pageSize=100');
    const global = await list('country=global&pageSize=100');
    expect(cn.total).toBe(20);
    expect(global.total).toBe(22);
    const cnItems = cn.list.map((x) => satelliteSummarySchema.parse(x));
    expect(cnItems.every((s) => s.area === 'cn')).toBe(true);
    expect(cnItems.map((s) => s.slug).slice(0, 4)).toEqual(['zy102c', 'zy102d', 'cbers04a', 'zy3']);

    const radar = (await list('country=global&group=radar&pageSize=100')).list.map((x) => satelliteSummarySchema.parse(x));
    expect(radar.map((s) => s.slug)).toEqual(['radarsat', 'sentinel1', 'cosmoskymed', 'terrasarx', 'alos2', 'kompsat5']);
    const [{ n }] = (await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM satellites WHERE sat_group = 'radar'`)) as [
      { n: number },
    ];
    expect((await list('group=radar')).total).toBe(n);

    const page2 = await list('country=global&pageSize=10&pageNum=2');
    expect(page2.list).toHaveLength(10);
    expect(page2.total).toBe(22);
    expect((await list('country=global&pageSize=10&pageNum=9')).list).toEqual([]);
  });

  it('summarises each satellite from its spacecraft and sensors', async () => {
    const gf1 = satelliteSummarySchema.parse(
      (await list('country=cn&pageSize=100')).list.find((x) => (x as { slug: string }).slug === 'gf1'),
    );
    expect(gf1).toMatchObject({ bestResolutionM: 2, maxSwathKm: 800, firstLaunchYear: 2013, spacecraft: 1, status: 'operational' });
    const planet = satelliteSummarySchema.parse(
      (await list('country=global&pageSize=100')).list.find((x) => (x as { slug: string }).slug === 'planetscope'),
    );
    expect(planet.spacecraft).toBe(0);
    expect(planet.fleetActiveCount).toBeGreaterThan(50);
  });

  it('returns one satellite with orbit, TLE-derived spacecraft figures, sensors and sources, in both languages', async () => {
    const zh = satelliteDetailSchema.parse((await call(detailGet, '/x', { params: { slug: 'gf1' } })).json.data);
    const en = satelliteDetailSchema.parse((await call(detailGet, '/x', { params: { slug: 'gf1' }, headers: EN })).json.data);
    expect(zh.name).toBe('高分一号卫星');
    expect(en.name).toBe('GF-1 (Gaofen-1)');
    expect(zh.sensors.map((s) => [s.code, s.bestResolutionM, s.swathKm, s.maxOffNadirDeg])).toEqual([
      ['PMS', 2, 60, 35],
      ['WFV', 16, 800, 0],
    ]);
    // The seed fills each sensor's largest off-nadir angle from the data file: published figures, null where unknown or radar.
    const angles = await db().query<{ slug: string; code: string; deg: number | null }>(
      `SELECT satellite_slug AS slug, code, max_off_nadir_deg AS deg FROM satellite_sensors
       WHERE (satellite_slug, code) IN (('gf2', 'PMS'), ('zy3', 'TLC'), ('pleiades', 'HiRI'), ('gf3', 'C-SAR'), ('worldview', 'WV-3'))
       ORDER BY satellite_slug`,
    );
    expect(angles.map((a) => [a.slug, a.code, a.deg])).toEqual([
      ['gf2', 'PMS', 35],
      ['gf3', 'C-SAR', null],
      ['pleiades', 'HiRI', 47],
      ['worldview', 'WV-3', null],
      ['zy3', 'TLC', 32],
    ]);
    expect(en.sensors[0]!.resolution).toBe('panchromatic 2 m, multispectral 8 m');
    expect(zh.members).toEqual([
      expect.objectContaining({
        norad: 39150,
        cospar: '2013-018A',
        launchDate: '2013-04-26',
        status: 'active',
        tle: expect.objectContaining({ inclinationDeg: 97.9047 }),
      }),
    ]);
    expect(zh.members[0]!.tle!.epoch).toMatch(/^2026-08-2\dT/);
    expect(zh.sources.map((s) => s.url)).toContain('https://doi.org/10.34133/2022/9769536');
    expect(zh.typicalImages).toBe(true);

    // A spacecraft with a documented end, and one without a TLE, keep their status.
    const s1 = satelliteDetailSchema.parse((await call(detailGet, '/x', { params: { slug: 'sentinel1' }, headers: EN })).json.data);
    expect(s1.status).toBe('partly');
    expect(s1.members.find((m) => m.name === 'Sentinel-1B')).toMatchObject({ status: 'retired', tle: null });
  });

  it('answers 404 for an unknown satellite and 400, localized, for bad parameters', async () => {
    const missing = await call(detailGet, '/x', { params: { slug: 'nosuchsat' } });
    expect(missing.json).toMatchObject({ code: 404, data: null });
    expect(missing.json.message).toMatch(/[\u4e00-\u9fff]/);
    const missingEn = await call(detailGet, '/x', { params: { slug: 'nosuchsat' }, headers: EN });
    expect(missingEn.json.message).toMatch(/[A-Za-z]/);

    for (const slug of ['GF-1', "gf1'--", 'x', 'a'.repeat(21)]) {
      expect((await call(detailGet, '/x', { params: { slug } })).json.code).toBe(400);
    }
    for (const query of ['country=xx', 'group=infrared', 'pageSize=1000', 'pageNum=0', 'pageSize=abc']) {
      const res = await call(listGet, `/api/satellite/v1/satellite?${query}`, { headers: EN });
      expect(res.json.code).toBe(400);
      expect(res.json.data).toBeNull();
      expect(res.json.message).toMatch(/[A-Za-z]/);
    }
    const zh = await call(listGet, '/api/satellite/v1/satellite?country=xx');
    expect(zh.json.message).toMatch(/[\u4e00-\u9fff]/);
    const bad = await call(analysisGet, '/x', { params: { page: 'money-spent' }, headers: EN });
    expect(bad.json.code).toBe(400);
  });
});

describe('satellite analyses', () => {
  it('answers every analysis page with labelled charts', async () => {
    for (const page of ANALYSIS_PAGES) {
      const zh = await analysis(page);
      const en = await analysis(page, EN);
      expect(zh.charts.length).toBeGreaterThan(0);
      expect(zh.totals.missions).toBe(42);
      expect(en.title).toMatch(/[A-Za-z]/);
      expect(zh.title).toMatch(/[\u4e00-\u9fff]/);
      for (const c of zh.charts) {
        expect(c.rows.length + c.points.length).toBeGreaterThan(0);
        expect(c.series.every((s) => s.label.length > 0)).toBe(true);
      }
    }
  });

  it('counts spacecraft launched per year exactly as an independent SQL count does', async () => {
    const rows = await db().query<{ year: number; area: string; n: number }>(
      `SELECT m.launch_year AS year, s.area, count(*)::int AS n FROM satellite_members m, satellites s
       WHERE s.slug = m.satellite_slug AND m.launch_year IS NOT NULL GROUP BY 1, 2`,
    );
    const expected = new Map(rows.map((r) => [`${r.year}:${r.area}`, r.n]));
    const launches = chart(await analysis('general-statistic'), 'launchesByYear');
    let total = 0;
    for (const row of launches.rows) {
      for (const area of ['cn', 'global']) {
        expect(row.values[area]).toBe(expected.get(`${row.key}:${area}`) ?? 0);
        total += row.values[area]!;
      }
    }
    const [{ n }] = (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM satellite_members WHERE launch_year IS NOT NULL')) as [
      { n: number },
    ];
    expect(total).toBe(n);
    // Every year of the range is present, gaps as zeros.
    const years = launches.rows.map((r) => Number(r.key));
    expect(years).toEqual(Array.from({ length: years.length }, (_, i) => years[0]! + i));
  });

  it('counts missions by group and country, and sensors by resolution class, as independent counts do', async () => {
    const groups = chart(await analysis('categories-statistic'), 'missionsByGroup');
    for (const row of groups.rows) {
      const [{ cn, global }] = (await db().query<{ cn: number; global: number }>(
        `SELECT count(*) FILTER (WHERE area = 'cn')::int AS cn, count(*) FILTER (WHERE area = 'global')::int AS global
         FROM satellites WHERE sat_group = $1`,
        [row.key],
      )) as [{ cn: number; global: number }];
      expect(row.values).toEqual({ cn, global });
    }
    const countries = chart(await analysis('country-analysis', EN), 'missionsByCountry');
    const china = countries.rows.find((r) => r.key === 'CN')!;
    expect(china.label).toBe('China');
    const [cn] = await db().query<{ missions: number; spacecraft: number }>(
      `SELECT count(DISTINCT s.slug)::int AS missions, count(m.name)::int AS spacecraft
       FROM satellites s LEFT JOIN satellite_members m ON m.satellite_slug = s.slug WHERE 'CN' = ANY (s.countries)`,
    );
    expect(china.values.missions).toBe(cn!.missions);
    expect(china.values.spacecraft).toBe(cn!.spacecraft);

    const classes = chart(await analysis('level-contrast'), 'resolutionClasses');
    const [sub] = await db().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM satellite_sensors x JOIN satellites s ON s.slug = x.satellite_slug
       WHERE s.area = 'global' AND x.best_resolution_m <= 1`,
    );
    expect(classes.rows.find((r) => r.key === 'submeter')!.values.global).toBe(sub!.n);
    const [rated] = await db().query<{ n: number }>('SELECT count(*)::int AS n FROM satellite_sensors WHERE best_resolution_m IS NOT NULL');
    expect(classes.rows.reduce((s, r) => s + r.values.cn! + r.values.global!, 0)).toBe(rated!.n);
    const scatter = chart(await analysis('level-contrast'), 'resolutionVsSwath');
    const [both] = await db().query<{ n: number }>(
      'SELECT count(*)::int AS n FROM satellite_sensors WHERE best_resolution_m IS NOT NULL AND swath_km IS NOT NULL',
    );
    expect(scatter.points).toHaveLength(both!.n);
  });

  it('accumulates China’s fleet by launch year and shows no money in the investment analysis', async () => {
    const build = chart(await analysis('development-plan'), 'chinaCumulative');
    const last = build.rows.at(-1)!;
    const counts = await db().query<{ grp: string; n: number }>(
      `SELECT s.sat_group AS grp, count(*)::int AS n FROM satellite_members m JOIN satellites s ON s.slug = m.satellite_slug
       WHERE s.area = 'cn' AND m.launch_year IS NOT NULL GROUP BY 1`,
    );
    expect(last.values).toEqual(Object.fromEntries(counts.map((c) => [c.grp, c.n])));
    for (let i = 1; i < build.rows.length; i++) {
      for (const key of Object.keys(last.values))
        expect(build.rows[i]!.values[key]).toBeGreaterThanOrEqual(build.rows[i - 1]!.values[key]!);
    }
    const investment = await analysis('investment-pattern-analysis', EN);
    expect(investment.intro).toMatch(/no figures on what satellites cost/);
    expect(JSON.stringify(investment)).not.toMatch(/USD|\$|€|¥|元/);
    const byType = chart(investment, 'missionsByOperatorType');
    expect(byType.rows.map((r) => r.key)).toEqual(['government', 'commercial', 'public-private']);
  });
});

describe('typical-image demo scenes', () => {
  it('stores 12 demo scenes per typical-image satellite, centred in real counties', async () => {
    const rows = await db().query<{ slug: string; n: number; demo: boolean; inside: boolean; counties: boolean }>(
      `SELECT sc.satellite_slug AS slug, count(*)::int AS n, bool_and(sc.demo) AS demo,
              bool_and(ST_Contains(sc.footprint, r.label_point)) AS inside, bool_and(r.level = 'county') AS counties
       FROM satellite_sample_scenes sc JOIN regions r ON r.code = sc.region_code GROUP BY 1 ORDER BY 1`,
    );
    expect(rows.map((r) => r.slug)).toEqual([...TYPICAL_IMAGE_SLUGS].sort());
    expect(rows.every((r) => r.n === 12 && r.demo && r.inside && r.counties)).toBe(true);

    const gf2 = (await getTypicalImagePage(db(), 'gf2', 'zh'))!;
    expect(gf2.scenes).toHaveLength(12);
    expect(gf2.scenes[0]!.sceneId).toMatch(/^GF2_PMS[12]_E\d+\.\d_N\d+\.\d_\d{8}_L1A\d{10}$/);
    expect(gf2.scenes.every((s) => s.cloudPct !== null && s.province !== null)).toBe(true);
    const lsar = (await getTypicalImagePage(db(), 'lsar', 'en'))!;
    expect(lsar.scenes.every((s) => s.cloudPct === null)).toBe(true);
    expect(lsar.illustration?.outline).toMatch(/^M /);
  });

  it('seeds idempotently: a second run changes nothing', async () => {
    const before = await db().query<{ scene_id: string }>('SELECT scene_id FROM satellite_sample_scenes ORDER BY scene_id');
    await satellitesSeed.run(db(), () => {});
    const after = await db().query<{ scene_id: string }>('SELECT scene_id FROM satellite_sample_scenes ORDER BY scene_id');
    expect(after).toEqual(before);
    const [{ n }] = (await db().query<{ n: number }>('SELECT count(*)::int AS n FROM satellites')) as [{ n: number }];
    expect(n).toBe(42);
  });
});
