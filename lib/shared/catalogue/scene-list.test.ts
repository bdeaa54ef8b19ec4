import { UPLOAD_TYPES } from '../contracts/scene-lists';
import { decodeListBytes, parseSceneListText, splitCells } from './scene-list';

const { FLIE_NAMES, OPR, PR } = UPLOAD_TYPES;

describe('scene list parser', () => {
  it('reads file names one per line, skipping blank lines and the header, keeping line numbers and text', () => {
    const text = 'File name\n\nGF1_PMS1_E114.6_N38.1_20250312_L1A0004623312\r\n  LC09_L1TP_123033_20250312_20250320_02_T1  \n';
    const parsed = parseSceneListText(text, FLIE_NAMES);
    expect(parsed.header).toBe(1);
    expect(parsed.invalid).toEqual([]);
    expect(parsed.entries).toEqual([
      { line: 3, text: 'GF1_PMS1_E114.6_N38.1_20250312_L1A0004623312', fileName: 'GF1_PMS1_E114.6_N38.1_20250312_L1A0004623312', orbit: null, path: null, row: null },
      { line: 4, text: 'LC09_L1TP_123033_20250312_20250320_02_T1', fileName: 'LC09_L1TP_123033_20250312_20250320_02_T1', orbit: null, path: null, row: null },
    ]);
  });

  it('reads path/row and orbit/path/row with every separator, quoted CSV cells and full-width commas', () => {
    const pr = parseSceneListText('Path,Row\n123,33\n124\t34\n125 35\n126;36\n"127","37"\n128，38\n 129 ; 39 ', PR);
    expect(pr.invalid).toEqual([]);
    expect(pr.entries.map((e) => [e.line, e.path, e.row])).toEqual([
      [2, 123, 33],
      [3, 124, 34],
      [4, 125, 35],
      [5, 126, 36],
      [6, 127, 37],
      [7, 128, 38],
      [8, 129, 39],
    ]);
    const opr = parseSceneListText('轨道号,条带号,行号\n31522,12,94\n031523 12 95', OPR);
    expect(opr.header).toBe(1);
    expect(opr.entries.map((e) => [e.orbit, e.path, e.row])).toEqual([
      [31522, 12, 94],
      [31523, 12, 95],
    ]);
  });

  it('reports bad lines with their reason and keeps the good ones', () => {
    const text = ['123,33', 'abc,33', '-4,33', '123,99999', '123', '123,33,7', '# a comment', '12.5,3', `${'9'.repeat(1200)}`].join('\n');
    const parsed = parseSceneListText(text, PR);
    expect(parsed.entries.map((e) => e.line)).toEqual([1]);
    expect(parsed.invalid.map((l) => [l.line, l.reason])).toEqual([
      [2, 'notNumber'],
      [3, 'negative'],
      [4, 'tooLarge'],
      [5, 'missingValues'],
      [6, 'extraValues'],
      [8, 'notNumber'],
      [9, 'lineTooLong'],
    ]);
    expect(parsed.invalid[0]!.text).toBe('abc,33');
    expect(parsed.invalid[6]!.text.length).toBeLessThanOrEqual(1000);
    const names = parseSceneListText(`GF1_A_1\n${'G1'.repeat(200)}\nGF1 GF2`, FLIE_NAMES);
    expect(names.invalid.map((l) => [l.line, l.reason])).toEqual([
      [2, 'nameTooLong'],
      [3, 'extraValues'],
    ]);
  });

  it('does not take a first line with digits for a header', () => {
    const parsed = parseSceneListText('123,33\n124,34', PR);
    expect(parsed.header).toBeNull();
    expect(parsed.entries).toHaveLength(2);
  });

  it('decodes UTF-8 with and without BOM, and GB18030 when the bytes are not UTF-8', () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('文件名\nGF1_X_1')]);
    expect(decodeListBytes(withBom)).toEqual({ text: '文件名\nGF1_X_1', encoding: 'utf-8' });
    expect(parseSceneListText(decodeListBytes(withBom).text, FLIE_NAMES).header).toBe(1);
    // "文件名" in GBK (as a Chinese Windows Notepad or Excel saves it), then a name.
    const gbk = new Uint8Array([0xce, 0xc4, 0xbc, 0xfe, 0xc3, 0xfb, 0x0d, 0x0a, ...new TextEncoder().encode('GF1_X_1')]);
    const decoded = decodeListBytes(gbk);
    expect(decoded).toEqual({ text: '文件名\r\nGF1_X_1', encoding: 'gb18030' });
    const parsed = parseSceneListText(decoded.text, FLIE_NAMES);
    expect(parsed.header).toBe(1);
    expect(parsed.entries.map((e) => e.fileName)).toEqual(['GF1_X_1']);
  });

  it('splits cells on any run of separators', () => {
    expect(splitCells(' a ,\tb ;; c、d ')).toEqual(['a', 'b', 'c', 'd']);
  });
});
