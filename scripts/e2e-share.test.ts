import { shareFiles, testsToDrop } from './e2e-share.mjs';

const titles = [
  { file: 'a.spec.ts', title: 'zh: journey' },
  { file: 'a.spec.ts', title: 'en: journey' },
  { file: 'a.spec.ts', title: 'a single test' },
  { file: 'b.spec.ts', title: 'login (zh)' },
  { file: 'b.spec.ts', title: 'login (en)' },
  { file: 'b.spec.ts', title: 'zh: only in Chinese' },
  { file: 'c.spec.ts', title: 'one' },
  { file: 'c.spec.ts', title: 'two' },
  { file: 'd.spec.ts', title: 'three' },
];
const key = (t: { file: string; title: string }) => `${t.file}|${t.title}`;

describe('sharing the end-to-end tests between the two CI runs', () => {
  it('runs every test exactly once over the two runs', () => {
    const zh = new Set(testsToDrop(titles, 'zh', true).map(key));
    const en = new Set(testsToDrop(titles, 'en', true).map(key));
    for (const t of titles) expect(Number(!zh.has(key(t))) + Number(!en.has(key(t)))).toBe(1);
  });

  it('keeps each language twin on its own side and a test written in one language only where its file goes', () => {
    const zhRuns = titles.filter((t) => !testsToDrop(titles, 'zh', true).map(key).includes(key(t))).map(key);
    expect(zhRuns).toEqual(expect.arrayContaining(['a.spec.ts|zh: journey', 'b.spec.ts|login (zh)']));
    expect(zhRuns).not.toEqual(expect.arrayContaining(['a.spec.ts|en: journey']));
  });

  it('shares files by their count of single tests, the same way every time', () => {
    const singles = titles.filter((t) => !/^(zh|en): journey$|\((zh|en)\)$/.test(t.title));
    expect([...shareFiles(singles, 'zh')].sort()).toEqual(['a.spec.ts', 'c.spec.ts']);
    expect([...shareFiles(singles, 'en')].sort()).toEqual(['b.spec.ts', 'd.spec.ts']);
  });

  it('without sharing, a run keeps every single test (one run only)', () => {
    expect(testsToDrop(titles, 'zh', false).map(key)).toEqual(['a.spec.ts|en: journey', 'b.spec.ts|login (en)']);
  });
});
