/**
 * Exports of a pass prediction (issue 22), made in the browser from the answer: the passes as CSV (UTC and
 * China time, every figure — the position uncertainty as the screen states it, and whether and how much each pass
 * counts toward the coverage; UTF-8 with a byte-order mark so Excel reads Chinese) and the swaths as GeoJSON
 * and KML (one feature / Placemark per pass). Pure: the words come in as `ExportLabels`.
 */
import type { PassStatus, Prediction, PredictedPass } from '../contracts/orbits';

type Polygonal = PredictedPass['swath'];

export const CSV_COLUMNS = [
  'satellite',
  'norad',
  'sensor',
  'startUtc',
  'endUtc',
  'closestUtc',
  'startChina',
  'endChina',
  'direction',
  'light',
  'sunElevationDeg',
  'offNadirDeg',
  'side',
  'crossTrackKm',
  'uncertaintyKm',
  'coveredKm2',
  'sharePct',
  'status',
  'countedKm2',
  'countedPct',
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

export interface ExportLabels {
  columns: Record<CsvColumn, string>;
  ascending: string;
  descending: string;
  daylight: string;
  night: string;
  left: string;
  right: string;
  /** Whether a pass counts toward the coverage, in words. */
  statuses: Record<PassStatus, string>;
  /** KML/GeoJSON document name, the note that a pass is predicted, not a confirmed acquisition, and what is counted. */
  title: string;
  predictedNote: string;
  rules: string;
}

/** China Standard Time is UTC+8 all year (no daylight saving since 1991). */
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** `2026-08-22 02:31:05` in UTC. */
export function formatUtc(iso: string): string {
  return new Date(iso).toISOString().slice(0, 19).replace('T', ' ');
}

/** `2026-08-22 10:31:05` in China time (Asia/Shanghai). */
export function formatChinaTime(iso: string): string {
  return new Date(Date.parse(iso) + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled. Text that a
 * spreadsheet would run as a formula (starting with = + - @) is prefixed with an apostrophe; numbers are not text.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

function satelliteNames(prediction: Prediction): Map<number, { name: string; sensor: string }> {
  return new Map(prediction.satellites.map((s) => [s.norad, { name: s.name, sensor: s.sensor ?? '' }]));
}

/** The passes as CSV text: a byte-order mark, a header row and a row per pass, CRLF line ends. */
export function passesCsv(prediction: Prediction, labels: ExportLabels): string {
  const names = satelliteNames(prediction);
  const rows = prediction.passes.map((p) => {
    const sat = names.get(p.norad);
    const cells: Record<CsvColumn, string | number> = {
      satellite: sat?.name ?? String(p.norad),
      norad: p.norad,
      sensor: sat?.sensor ?? '',
      startUtc: formatUtc(p.start),
      endUtc: formatUtc(p.end),
      closestUtc: formatUtc(p.closest),
      startChina: formatChinaTime(p.start),
      endChina: formatChinaTime(p.end),
      direction: p.ascending ? labels.ascending : labels.descending,
      light: p.daylight ? labels.daylight : labels.night,
      sunElevationDeg: round(p.sunElevationDeg, 1),
      offNadirDeg: round(p.offNadirDeg, 2),
      side: p.side === 'left' ? labels.left : labels.right,
      crossTrackKm: round(p.crossTrackKm, 1),
      uncertaintyKm: p.uncertaintyKm,
      coveredKm2: round(p.coveredKm2, 1),
      sharePct: round(p.sharePct, 2),
      status: labels.statuses[p.status],
      countedKm2: round(p.countedKm2, 1),
      countedPct: round(p.countedPct, 2),
    };
    return CSV_COLUMNS.map((c) => csvField(cells[c])).join(',');
  });
  const header = CSV_COLUMNS.map((c) => csvField(labels.columns[c])).join(',');
  return `\uFEFF${[header, ...rows].join('\r\n')}\r\n`;
}

/** The figures a swath feature carries (GeoJSON properties, KML ExtendedData). */
function passProperties(p: PredictedPass, satellite: string): Record<string, string | number | boolean> {
  return {
    id: p.id,
    satellite,
    norad: p.norad,
    start: p.start,
    end: p.end,
    closest: p.closest,
    startChina: formatChinaTime(p.start),
    ascending: p.ascending,
    daylight: p.daylight,
    sunElevationDeg: round(p.sunElevationDeg, 1),
    offNadirDeg: round(p.offNadirDeg, 2),
    side: p.side,
    uncertaintyKm: p.uncertaintyKm,
    coveredKm2: round(p.coveredKm2, 1),
    sharePct: round(p.sharePct, 2),
    status: p.status,
    countedKm2: round(p.countedKm2, 1),
    countedPct: round(p.countedPct, 2),
  };
}

/**
 * The swaths as a GeoJSON FeatureCollection: one Feature per pass (its strip as predicted), with its figures — the
 * position uncertainty and whether it counts toward the coverage among them.
 */
export function swathsGeoJson(prediction: Prediction, labels: Pick<ExportLabels, 'title' | 'predictedNote' | 'rules'>): string {
  const names = satelliteNames(prediction);
  return JSON.stringify({
    type: 'FeatureCollection',
    name: labels.title,
    note: labels.predictedNote,
    rules: labels.rules,
    tleSet: prediction.tleSet,
    uncertainty: prediction.uncertainty,
    window: prediction.window,
    features: prediction.passes.map((p) => ({
      type: 'Feature',
      id: p.id,
      properties: passProperties(p, names.get(p.norad)?.name ?? String(p.norad)),
      geometry: p.swath,
    })),
  });
}

/** Text escaped for XML content and attribute values. */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
}

const isRing = (value: unknown): value is [number, number][] =>
  Array.isArray(value) && value.every((p) => Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'number');

/** The polygons of a Polygon or MultiPolygon as lists of rings. */
export function polygonsOf(geometry: Polygonal): [number, number][][][] {
  const polygons = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as unknown[];
  return polygons.filter(Array.isArray).map((rings) => (rings as unknown[]).filter(isRing));
}

function kmlRing(ring: [number, number][]): string {
  return `<LinearRing><coordinates>${ring.map(([lon, lat]) => `${round(lon, 6)},${round(lat, 6)}`).join(' ')}</coordinates></LinearRing>`;
}

function kmlPolygon(rings: [number, number][][]): string {
  const [outer, ...holes] = rings;
  if (!outer) return '';
  return `<Polygon><outerBoundaryIs>${kmlRing(outer)}</outerBoundaryIs>${holes.map((h) => `<innerBoundaryIs>${kmlRing(h)}</innerBoundaryIs>`).join('')}</Polygon>`;
}

/** The swaths as KML 2.2: one Placemark per pass with its time span, figures and strip. */
export function swathsKml(prediction: Prediction, labels: Pick<ExportLabels, 'title' | 'predictedNote' | 'rules'>): string {
  const names = satelliteNames(prediction);
  const placemarks = prediction.passes.map((p) => {
    const satellite = names.get(p.norad)?.name ?? String(p.norad);
    const data = Object.entries(passProperties(p, satellite))
      .map(([k, v]) => `<Data name="${xmlEscape(k)}"><value>${xmlEscape(String(v))}</value></Data>`)
      .join('');
    const polygons = polygonsOf(p.swath).map(kmlPolygon).filter(Boolean);
    const geometry = polygons.length === 1 ? polygons[0] : `<MultiGeometry>${polygons.join('')}</MultiGeometry>`;
    return (
      `<Placemark id="${xmlEscape(`pass-${p.id}`)}"><name>${xmlEscape(`${satellite} ${formatUtc(p.start)} UTC`)}</name>` +
      `<TimeSpan><begin>${xmlEscape(p.start)}</begin><end>${xmlEscape(p.end)}</end></TimeSpan><styleUrl>#swath</styleUrl>` +
      `<ExtendedData>${data}</ExtendedData>${geometry}</Placemark>`
    );
  });
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document>` +
    `<name>${xmlEscape(labels.title)}</name><description>${xmlEscape(`${labels.predictedNote} ${labels.rules}`)}</description>` +
    `<Style id="swath"><LineStyle><color>ff2f6bd9</color><width>1.5</width></LineStyle><PolyStyle><color>402f6bd9</color></PolyStyle></Style>` +
    `${placemarks.join('')}</Document></kml>\n`
  );
}

/** File names of the exports, after the window's first day in China time: `orbital-passes-2026-08-22-7d.csv`. */
export function exportFileName(prediction: Prediction, extension: 'csv' | 'geojson' | 'kml'): string {
  return `orbital-passes-${formatChinaTime(prediction.window.start).slice(0, 10)}-${prediction.window.days}d.${extension}`;
}
