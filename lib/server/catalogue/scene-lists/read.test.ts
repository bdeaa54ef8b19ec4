import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { UPLOAD_TYPES } from '../../../shared/contracts/scene-lists';
import { readSceneListFile } from './read';

async function workbook(rows: (string | number)[][]): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('List');
  for (const r of rows) sheet.addRow(r);
  wb.addWorksheet('Other').addRow(['999', '999']);
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (e: Error) => e.message);

describe('reading a list file', () => {
  it('reads the first sheet of an .xlsx: header skipped, numbers and text cells, row numbers kept', async () => {
    const bytes = await workbook([['Path', 'Row'], [123, 33], ['124', '034'], [], ['x', 5]]);
    const read = await readSceneListFile(bytes, 'list.xlsx', UPLOAD_TYPES.PR);
    expect(read.encoding).toBe('xlsx');
    expect(read.header).toBe(1);
    expect(read.entries.map((e) => [e.line, e.path, e.row])).toEqual([
      [2, 123, 33],
      [3, 124, 34],
    ]);
    expect(read.invalid.map((l) => [l.line, l.reason, l.text])).toEqual([[5, 'notNumber', 'x\t5']]);
  });

  it('reads an .xlsx of file names', async () => {
    const bytes = await workbook([['文件名'], ['GF1_PMS1_E114.6_N38.1_20250312_L1A0004623312']]);
    const read = await readSceneListFile(bytes, '列表.xlsx', UPLOAD_TYPES.FLIE_NAMES);
    expect(read.entries.map((e) => e.fileName)).toEqual(['GF1_PMS1_E114.6_N38.1_20250312_L1A0004623312']);
  });

  it('refuses files over the bounds, binary files, unreadable workbooks and zip bombs', async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 1).fill(0x31);
    expect(await refusal(readSceneListFile(big, 'a.txt', UPLOAD_TYPES.PR))).toBe('SceneList.errors.tooLarge');
    const many = new TextEncoder().encode(Array.from({ length: 10_001 }, (_, i) => `${i} 1`).join('\n'));
    expect(await refusal(readSceneListFile(many, 'a.txt', UPLOAD_TYPES.PR))).toBe('SceneList.errors.tooManyLines');
    const tenThousand = new TextEncoder().encode(Array.from({ length: 10_000 }, (_, i) => `${i} 1`).join('\n'));
    expect((await readSceneListFile(tenThousand, 'a.txt', UPLOAD_TYPES.PR)).entries).toHaveLength(10_000);
    expect(await refusal(readSceneListFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]), 'a.png', UPLOAD_TYPES.PR))).toBe('SceneList.errors.wrongType');
    expect(await refusal(readSceneListFile(new Uint8Array([1, 0, 2]), 'a.txt', UPLOAD_TYPES.PR))).toBe('SceneList.errors.wrongType');
    expect(await refusal(readSceneListFile(new TextEncoder().encode('1 2'), 'a.xlsx', UPLOAD_TYPES.PR))).toBe('SceneList.errors.unreadableXlsx');
    const notWorkbook = zipSync({ 'a.txt': new TextEncoder().encode('hello') });
    expect(await refusal(readSceneListFile(notWorkbook, 'a.xlsx', UPLOAD_TYPES.PR))).toBe('SceneList.errors.unreadableXlsx');
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(60 * 1024 * 1024) }, { level: 9 });
    expect(bomb.byteLength).toBeLessThan(2 * 1024 * 1024);
    expect(await refusal(readSceneListFile(bomb, 'a.xlsx', UPLOAD_TYPES.PR))).toBe('SceneList.errors.unreadableXlsx');
    expect(await refusal(readSceneListFile(new TextEncoder().encode('\n\n# only a comment\n'), 'a.txt', UPLOAD_TYPES.PR))).toBe('SceneList.errors.empty');
  });
});
