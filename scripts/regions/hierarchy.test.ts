import { countByLevel, hierarchyProblems, resolveHierarchy, type SourceProperties } from './hierarchy';

const row = (level: SourceProperties['level'], adcode: string, name: string, parent: string | null): SourceProperties => ({
  adcode,
  name,
  level,
  parent_adcode: parent,
});

/** A miniature of the raw data with each quirk once. */
const RAW: SourceProperties[] = [
  row('country', '100000', '中华人民共和国', null),
  row('province', '420000', '湖北省', '100000'),
  row('province', '440000', '广东省', '100000'),
  row('province', '500000', '重庆市', '100000'),
  row('province', '710000', '台湾省', '100000'),
  row('province', '810000', '香港特别行政区', '100000'),
  row('city', '420100', '武汉市', '420000'),
  row('city', '429004', '仙桃市', '420000'),
  row('city', '441900', '东莞市', '440000'),
  row('city', '500000', '重庆市', '500000'),
  row('city', '710000', '台湾省', '710000'),
  row('city', '810000', '香港特别行政区', '810000'),
  row('county', '420102', '江岸区', '420100'),
  row('county', '429004', '仙桃市', '429004'),
  row('county', '441900', '东莞市', '441900'),
  row('county', '500101', '万州区', '500000'),
  row('county', '500229', '城口县', '500000'),
  row('county', '710000', '台湾省', '710000'),
  row('county', '810001', '中西区', '810000'),
];

describe('resolveHierarchy', () => {
  const { regions, dropped } = resolveHierarchy(RAW);
  const byCode = new Map(regions.map((r) => [r.code, r]));

  it('keeps one row per code, at its highest level, sorted by code', () => {
    const codes = regions.map((r) => r.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual([...codes].sort());
    expect(byCode.get('710000')?.level).toBe('province');
    expect(byCode.get('441900')?.level).toBe('city');
    expect(dropped.map((d) => `${d.code}@${d.level}`)).toEqual([
      '429004@county',
      '441900@county',
      '500000@city',
      '710000@city',
      '710000@county',
      '810000@city',
    ]);
  });

  it('keeps province-administered county-level units at city level under their province', () => {
    expect(byCode.get('429004')).toMatchObject({ level: 'city', parent: '420000' });
  });

  it('splits Chongqing into two city-level units merged from their counties', () => {
    expect(byCode.get('500100')).toMatchObject({
      name: '重庆城区',
      level: 'city',
      parent: '500000',
      geometry: { kind: 'merge', children: ['500101'] },
    });
    expect(byCode.get('500200')).toMatchObject({ name: '重庆郊县', parent: '500000', geometry: { kind: 'merge', children: ['500229'] } });
    expect(byCode.get('500101')?.parent).toBe('500100');
    expect(byCode.get('500229')?.parent).toBe('500200');
  });

  it('hangs Hong Kong districts under the province-level unit', () => {
    expect(byCode.get('810001')).toMatchObject({ level: 'county', parent: '810000' });
    expect(byCode.get('810000')?.level).toBe('province');
  });

  it('counts regions per level', () => {
    expect(countByLevel(regions)).toEqual({ country: 1, province: 5, city: 5, county: 4 });
  });

  it('refuses a hierarchy with a missing parent', () => {
    expect(() => resolveHierarchy([...RAW, row('county', '420199', '无名区', '420900')])).toThrow(/420199 has missing parent 420900/);
  });
});

describe('hierarchyProblems', () => {
  it('reports duplicates and parents that are not at a higher level', () => {
    const source = { kind: 'source', level: 'county' } as const;
    const problems = hierarchyProblems([
      { code: '100000', name: 'c', level: 'country', parent: null, geometry: source },
      { code: '110000', name: 'p', level: 'province', parent: '100000', geometry: source },
      { code: '110101', name: 'a', level: 'county', parent: '110000', geometry: source },
      { code: '110102', name: 'b', level: 'county', parent: '110101', geometry: source },
      { code: '110102', name: 'b', level: 'county', parent: '110101', geometry: source },
    ]);
    expect(problems).toEqual(expect.arrayContaining(['duplicate code 110102', 'county 110102 has parent 110101 at county level']));
  });
});
