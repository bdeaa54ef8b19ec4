/**
 * @jest-environment jsdom
 */
import { predictionFixture } from '@/test-utils/prediction-fixture';
import { CSV_COLUMNS, csvField, exportFileName, formatChinaTime, passesCsv, swathsGeoJson, swathsKml, type ExportLabels } from './exports';

const LABELS: ExportLabels = {
  columns: Object.fromEntries(CSV_COLUMNS.map((c) => [c, c === 'satellite' ? '卫星, 名称' : c])) as ExportLabels['columns'],
  ascending: '升轨',
  descending: '降轨',
  daylight: '白天',
  night: '夜间',
  left: '左',
  right: '右',
  statuses: { counted: '计入', possible: '仅为可能', lowSun: '不计入（太阳过低）' },
  title: 'Passes <over> "Hebei" & more',
  predictedNote: '预测，非确认的成像',
  rules: '光学传感器仅在太阳高度角不低于 10° 时计入',
};

describe('CSV of the passes', () => {
  it('escapes commas, quotes and line breaks, and keeps formulas from running', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(-30.1)).toBe('-30.1');
    expect(csvField(Number.NaN)).toBe('');
  });

  it('starts with a byte-order mark and a header, then a row per pass with UTC and China time', () => {
    const prediction = predictionFixture();
    const csv = passesCsv(prediction, LABELS);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + prediction.passes.length);
    expect(lines[0]?.startsWith('"卫星, 名称",norad,sensor,startUtc')).toBe(true);
    const night = lines[2] ?? '';
    expect(night).toContain(
      '高分一号B星,43485,PMS,2026-08-25 12:00:00,2026-08-25 12:00:30,2026-08-25 12:00:15,2026-08-25 20:00:00,2026-08-25 20:00:30,升轨,夜间,-30.1,12.34,右',
    );
    // The uncertainty as the screen states it (whole km), the share as predicted, and that the night pass counts nothing.
    expect(night.endsWith(',9,2533.4,95.5,不计入（太阳过低）,0,0')).toBe(true);
    expect(lines[1]!.endsWith(',9,1200.5,45.25,计入,950.2,35.81')).toBe(true);
  });

  it('writes China time eight hours after UTC, across the date line of the day', () => {
    expect(formatChinaTime('2026-08-28T23:59:50.000Z')).toBe('2026-08-29 07:59:50');
  });
});

describe('GeoJSON of the swaths', () => {
  it('is a FeatureCollection with a Feature per pass carrying its swath and figures', () => {
    const prediction = predictionFixture();
    const parsed = JSON.parse(swathsGeoJson(prediction, LABELS)) as {
      type: string;
      features: { type: string; id: string; geometry: { type: string }; properties: Record<string, unknown> }[];
    };
    expect(parsed.type).toBe('FeatureCollection');
    expect(parsed.features.map((f) => f.id)).toEqual(prediction.passes.map((p) => p.id));
    expect(parsed.features[1]?.geometry).toEqual(prediction.passes[1]?.swath);
    expect(parsed.features[1]?.properties).toMatchObject({
      norad: 43485,
      sharePct: 95.5,
      daylight: false,
      startChina: '2026-08-25 20:00:00',
      uncertaintyKm: 9,
      status: 'lowSun',
      countedKm2: 0,
    });
    // The document says what the uncertainty is and what is counted.
    expect(parsed).toMatchObject({ uncertainty: prediction.uncertainty, rules: LABELS.rules });
  });
});

describe('KML of the swaths', () => {
  it('is well-formed XML with one Placemark per pass, names escaped', () => {
    const prediction = predictionFixture({
      satellites: predictionFixture().satellites.map((s, i) => (i === 0 ? { ...s, name: 'A & B <C>' } : s)),
    });
    const kml = swathsKml(prediction, LABELS);
    const doc = new DOMParser().parseFromString(kml, 'application/xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const placemarks = doc.getElementsByTagName('Placemark');
    expect(placemarks).toHaveLength(prediction.passes.length);
    expect(doc.getElementsByTagName('name')[0]?.textContent).toBe(LABELS.title);
    expect(placemarks[0]?.getElementsByTagName('name')[0]?.textContent).toBe('A & B <C> 2026-08-22 03:00:00 UTC');
    const ring = placemarks[0]?.getElementsByTagName('coordinates')[0]?.textContent ?? '';
    expect(ring.split(' ')).toHaveLength(5);
    expect(ring.startsWith('114.5,37.5 ')).toBe(true);
  });

  it('names the files after the window’s first day in China time', () => {
    expect(exportFileName(predictionFixture(), 'kml')).toBe('orbital-passes-2026-08-22-7d.kml');
    const window = { start: '2026-08-21T16:00:00.000Z', end: '2026-08-24T16:00:00.000Z', days: 3 };
    expect(exportFileName(predictionFixture({ window }), 'csv')).toBe('orbital-passes-2026-08-22-3d.csv');
  });
});
