/**
 * STAC import: the 76 real items shipped in data/imagery load, idempotently; an NDJSON file with broken
 * lines reports each with its line number and reason and loads the rest. Imported scenes are searchable
 * through the portal's search at once.
 */
import { readFile } from 'node:fs/promises';
import { POST as basePost } from '../../app/api/normal/v5/normalmeta/base/route';
import { importStacText, mapStacItem } from '../../lib/server/catalogue/import';
import { scenePageSchema } from '../../lib/shared/contracts/catalogue';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();
const FILES = ['data/imagery/cbers_amazonia_stac_items.json', 'data/imagery/planetary_computer_landsat_s1_s2_items.json'];

async function importedCount(): Promise<number> {
  const [row] = await db().query<{ n: number }>(`SELECT count(*)::int AS n FROM scenes WHERE source = 'imported'`);
  return row!.n;
}

describe('catalogue import', () => {
  it('loads the 76 shared STAC items, and again without duplicates', async () => {
    // The template holds imported scenes of its own (the demo's Olinda image).
    const base = await importedCount();
    for (const file of FILES) {
      const report = await importStacText(db(), await readFile(file, 'utf8'));
      expect(report.problems).toEqual([]);
    }
    expect(await importedCount()).toBe(base + 76);
    const again = await importStacText(db(), await readFile(FILES[0]!, 'utf8'));
    expect(again).toMatchObject({ read: 60, written: 60, problems: [] });
    expect(await importedCount()).toBe(base + 76);

    const rows = await db().query<{ bad: number; ccw: number; s1: string; s1res: number; cbers: string }>(
      `SELECT count(*) FILTER (WHERE NOT ST_IsValid(footprint))::int AS bad,
              count(*) FILTER (WHERE ST_IsPolygonCCW(footprint))::int AS ccw,
              max(sensor) FILTER (WHERE collection = 'sentinel-1-rtc') AS s1,
              max(resolution_m) FILTER (WHERE collection = 'sentinel-1-rtc')::float8 AS s1res,
              max(quicklook_url) FILTER (WHERE id = 'CBERS_4_MUX_20170528_090_084_L2') AS cbers
         FROM scenes WHERE source = 'imported'`,
    );
    expect(rows[0]).toMatchObject({ bad: 0, ccw: base + 76, s1: 'IW' });
    expect(rows[0]!.s1res).toBeGreaterThan(0);
    expect(rows[0]!.cbers).toMatch(/^https:\/\/.*\.(png|jpg)/);

    const page = scenePageSchema.parse(
      (await call(basePost, '/api/normal/v5/normalmeta/base', { body: { filter: { collections: ['cbers4-awfi'] }, pageSize: 100 } })).json
        .data,
    );
    expect(page.total).toBe(53);
    expect(page.list.every((s) => s.source === 'imported' && s.satellite === 'CBERS-4' && s.sensor === 'AWFI')).toBe(true);
  });

  it('reports broken NDJSON lines with their line and reason and loads the rest', async () => {
    const good = JSON.parse(await readFile(FILES[1]!, 'utf8')).features[0];
    const lines = [
      JSON.stringify({ ...good, id: 'NDJSON_OK_1' }),
      '{ not json',
      JSON.stringify({ ...good, id: 'bad id with spaces' }),
      '',
      JSON.stringify({ ...good, id: 'NDJSON_NO_TIME', properties: { ...good.properties, datetime: null, start_datetime: undefined } }),
      JSON.stringify({ ...good, id: 'NDJSON_NO_GEOMETRY', geometry: null }),
      JSON.stringify({ ...good, id: 'NDJSON_OK_1' }),
      JSON.stringify({ ...good, id: 'NDJSON_OK_2' }),
    ];
    const before = await importedCount();
    const report = await importStacText(db(), lines.join('\n'));
    expect(report.written).toBe(2);
    expect(report.problems.map((p) => [p.kind, p.at])).toEqual([
      ['line', 2],
      ['line', 3],
      ['line', 5],
      ['line', 6],
      ['line', 7],
    ]);
    expect(report.problems[0]!.reason).toMatch(/not JSON/);
    expect(report.problems[1]!.reason).toMatch(/^id:/);
    expect(report.problems[2]!.reason).toMatch(/datetime/);
    expect(report.problems[3]!.reason).toMatch(/geometry/);
    expect(report.problems[4]!.reason).toMatch(/repeats/);
    expect(await importedCount()).toBe(before + 2);
  });

  it('repairs a self-intersecting footprint and stores it counter-clockwise', async () => {
    const item = {
      type: 'Feature',
      id: 'BOWTIE_1',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [110, 30],
            [111, 31],
            [111, 30],
            [110, 31],
            [110, 30],
          ],
        ],
      },
      properties: { datetime: '2025-01-01T03:00:00Z', platform: 'test-sat', instruments: ['cam'], gsd: 10 },
      assets: {},
    };
    expect(mapStacItem(item).ok).toBe(true);
    const report = await importStacText(db(), JSON.stringify(item));
    expect(report.written).toBe(1);
    const [row] = await db().query<{ type: string; valid: boolean; ccw: boolean }>(
      `SELECT ST_GeometryType(footprint) AS type, ST_IsValid(footprint) AS valid, ST_IsPolygonCCW(footprint) AS ccw FROM scenes WHERE id = 'BOWTIE_1'`,
    );
    expect(row).toEqual({ type: 'ST_MultiPolygon', valid: true, ccw: true });
  });
});
