import type { Scene } from '../../../shared/contracts/catalogue';
import { EXPORT_COLUMNS, exportCells, exportHeaders, exportWords } from './columns';
import { parseCsv } from '../../../../tests/support/csv';
import { csvDocument, csvField, defuse, UTF8_BOM } from './csv';

const scene: Scene = {
  id: 'GF1_X',
  fileName: 'GF1_PMS1_E116.5_N39.9_20240501_L1A0001.tar.gz',
  collection: 'gf1-pms',
  satellite: 'GF-1',
  sensor: 'PMS',
  platform: 'gf-1',
  productLevel: 'L1A',
  resolutionM: 2,
  acquiredAt: '2024-05-01T03:12:45Z',
  cloudPct: 12.5,
  orbitNumber: 12345,
  path: 7,
  row: 88,
  footprint: {
    type: 'Polygon',
    coordinates: [
      [
        [116, 39],
        [117, 39],
        [117, 40],
        [116, 39],
      ],
    ],
  },
  centre: [-116.5, 39.9],
  bbox: [116, 39, 117, 40],
  areaKm2: 3456.7,
  sunElevation: null,
  sunAzimuth: null,
  offNadir: null,
  sizeMb: null,
  online: false,
  quicklook: null,
  source: 'demo',
  hasImagery: false,
  coveragePct: null,
};

describe('CSV of the result list', () => {
  it('quotes commas, quotes and line breaks as RFC 4180 says, and reads back the same', () => {
    const cells = ['a,b', 'say "hi"', 'two\r\nlines', 'plain', 3.5, null];
    const doc = csvDocument(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'], [cells]);
    expect(doc.startsWith(UTF8_BOM)).toBe(true);
    expect(doc.endsWith('\r\n')).toBe(true);
    expect(doc).toContain('"a,b","say ""hi""","two\r\nlines",plain,3.5,\r\n');
    expect(parseCsv(doc.slice(1))).toEqual([
      ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
      ['a,b', 'say "hi"', 'two\r\nlines', 'plain', '3.5', ''],
    ]);
  });

  it('defuses text a spreadsheet would run as a formula, but keeps negative numbers numbers', () => {
    expect(defuse('=HYPERLINK("http://x","y")')).toBe(`'=HYPERLINK("http://x","y")`);
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvField(`${start}cmd|' /C calc'!A0`).replace(/^"/, '')).toMatch(/^'/);
    expect(csvField('=1+1,2')).toBe(`"'=1+1,2"`);
    expect(csvField(-116.5)).toBe('-116.5');
    expect(csvField('GF1_-x')).toBe('GF1_-x');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('names the columns in the language asked for and fills cells with that language’s words', () => {
    const zh = exportHeaders('zh');
    const en = exportHeaders('en');
    expect(zh).toHaveLength(EXPORT_COLUMNS.length);
    expect(zh.slice(0, 3)).toEqual(['文件名', '卫星', '传感器']);
    expect(en.slice(0, 3)).toEqual(['File name', 'Satellite', 'Sensor']);
    expect(en).toContain('Acquired (UTC)');
    expect(zh).toContain('成像时间（UTC）');
    const zhCells = exportCells(scene, exportWords('zh'));
    const enCells = exportCells(scene, exportWords('en'));
    const at = (key: string) => EXPORT_COLUMNS.findIndex((c) => c.key === key);
    expect(enCells[at('online')]).toBe('Offline (archived)');
    expect(zhCells[at('online')]).toBe('离线（已归档）');
    expect(enCells[at('source')]).toMatch(/^Demo data/);
    expect(zhCells[at('source')]).toMatch(/^演示数据/);
    expect(enCells[at('acquiredUtc')]).toBe('2024-05-01 03:12:45');
    expect(enCells[at('centreLon')]).toBe(-116.5);
    expect(enCells[at('path')]).toBe(7);
  });

  it('keeps DBF field names within 10 ASCII characters and unique', () => {
    const names = EXPORT_COLUMNS.map((c) => c.dbf);
    for (const n of names) expect(n).toMatch(/^[A-Z][A-Z0-9_]{0,9}$/);
    expect(new Set(names).size).toBe(names.length);
  });
});
