import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import * as shapefile from 'shapefile';
import { shapefileZip, type ShapefileLayer } from './shapefile';

// GeoJSON orientation: outer ring counter-clockwise, hole clockwise.
const square = [
  [110, 30],
  [112, 30],
  [112, 32],
  [110, 32],
  [110, 30],
];
const hole = [
  [110.5, 30.5],
  [110.5, 31.5],
  [111.5, 31.5],
  [111.5, 30.5],
  [110.5, 30.5],
];
const layer: ShapefileLayer = {
  name: 'footprints',
  fields: [
    { name: 'FILE_NAME', type: 'C', length: 60 },
    { name: 'CLOUD', type: 'N', length: 6, decimals: 1 },
    { name: 'NOTE', type: 'C', length: 7 },
  ],
  features: [
    { geometry: { type: 'Polygon', coordinates: [square, hole] }, properties: { FILE_NAME: 'GF1_PMS1_E111.0_N31.0_20250312_L1A0004623312', CLOUD: 12.34, NOTE: '演示数据' } },
    {
      geometry: { type: 'MultiPolygon', coordinates: [[square.map(([x, y]) => [x! + 5, y!])], [square.map(([x, y]) => [x! + 10, y!])]] },
      properties: { FILE_NAME: 'two parts', CLOUD: null, NOTE: 'x' },
    },
    { geometry: null, properties: { FILE_NAME: 'no geometry', CLOUD: 0, NOTE: null } },
  ],
};

function files() {
  const zip = unzipSync(shapefileZip(layer, new Date('2026-11-25T00:00:00Z')));
  return zip;
}

describe('shapefileZip', () => {
  it('zips the five files of the layer', () => {
    expect(Object.keys(files()).sort()).toEqual(['footprints.cpg', 'footprints.dbf', 'footprints.prj', 'footprints.shp', 'footprints.shx']);
  });

  it('reads back with the shapefile package: rings oriented, attributes in UTF-8, numbers rounded to their decimals', async () => {
    const zip = files();
    const read = await shapefile.read(zip['footprints.shp']!.slice().buffer, zip['footprints.dbf']!.slice().buffer, { encoding: 'utf-8' });
    expect(read.features).toHaveLength(3);
    const [first, second, third] = read.features;
    // The reader turns shapefile rings (outer clockwise) back into GeoJSON polygons: one polygon with its hole.
    expect(first!.geometry).toEqual({ type: 'Polygon', coordinates: [square.slice().reverse(), hole.slice().reverse()] });
    expect(first!.properties).toEqual({ FILE_NAME: 'GF1_PMS1_E111.0_N31.0_20250312_L1A0004623312', CLOUD: 12.3, NOTE: '演示' });
    expect(second!.geometry?.type).toBe('MultiPolygon');
    expect(second!.properties?.CLOUD).toBeNull();
    expect(third!.geometry).toBeNull();
    expect(read.bbox).toEqual([110, 30, 122, 32]);
  });

  it('refuses a field name dBase cannot hold', () => {
    expect(() => shapefileZip({ ...layer, fields: [{ name: 'FILE_NAME_TOO_LONG', type: 'C' }] })).toThrow(/field name/);
  });

  it('opens in GDAL with every feature and field', () => {
    const dir = mkdtempSync(join(tmpdir(), 'shp-'));
    try {
      for (const [name, bytes] of Object.entries(files())) writeFileSync(join(dir, name), bytes);
      const info = execFileSync('ogrinfo', ['-al', '-so', join(dir, 'footprints.shp')], { encoding: 'utf8' });
      expect(info).toMatch(/Geometry: Polygon/);
      expect(info).toMatch(/Feature Count: 3/);
      expect(info).toMatch(/Extent: \(110\.000000, 30\.000000\) - \(122\.000000, 32\.000000\)/);
      expect(info).toMatch(/FILE_NAME: String \(60\.0\)/);
      expect(info).toMatch(/CLOUD: Real \(6\.1\)/);
      const valid = execFileSync('ogrinfo', ['-q', '-sql', 'SELECT NOTE FROM footprints WHERE CLOUD > 12', join(dir, 'footprints.shp')], { encoding: 'utf8' });
      expect(valid).toContain('NOTE (String) = 演示');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
