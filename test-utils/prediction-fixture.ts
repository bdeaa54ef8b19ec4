/**
 * A prediction answer (lib/shared/contracts/orbits.ts) for unit and component tests: two satellites with
 * passes over a small square, one skipped, one optical pass at night (listed, not counted). Parsed with the
 * contract's schema, so it stays what the API answers.
 */
import { predictionSchema, type Prediction } from '@/lib/shared/contracts/orbits';
import { bboxPolygon } from '@/lib/shared/geo/bbox';

const square = (w: number, s: number, e: number, n: number) => bboxPolygon([w, s, e, n]);

const pass = (id: string, norad: number, start: string, seconds: number, extra: Partial<Prediction['passes'][number]> = {}) => ({
  id,
  norad,
  start,
  end: new Date(Date.parse(start) + seconds * 1000).toISOString(),
  closest: new Date(Date.parse(start) + (seconds / 2) * 1000).toISOString(),
  ascending: false,
  sunElevationDeg: 42.5,
  daylight: true,
  offNadirDeg: 0,
  side: 'left' as const,
  crossTrackKm: 3.2,
  uncertaintyKm: 9,
  coveredKm2: 1200.5,
  sharePct: 45.25,
  status: 'counted' as const,
  countedKm2: 950.2,
  countedPct: 35.81,
  track: [
    [115.2, 40.5],
    [114.6, 37.5],
  ] as [number, number][],
  swath: square(114.5, 37.5, 115.3, 40.5),
  possibleSwath: square(114.4, 37.4, 115.4, 40.6),
  clipped: square(114.6, 38, 115.2, 40),
  ...extra,
});

export function predictionFixture(overrides: Partial<Prediction> = {}): Prediction {
  return predictionSchema.parse({
    tleSet: { id: '1', source: 'CelesTrak active 2026-08-22', epochMin: '2026-08-21T10:00:00.000Z', epochMax: '2026-08-22T06:00:00.000Z' },
    stale: false,
    uncertainty: { oldestEpoch: '2026-08-21T10:00:00.000Z', ageDays: 0.58, minKm: 2, maxKm: 17 },
    window: { start: '2026-08-22T00:00:00.000Z', end: '2026-08-29T00:00:00.000Z', days: 7 },
    mode: 'nadir',
    sensor: 'finest',
    sort: 'time',
    area: { km2: 2653.1, geometry: square(114.5, 38, 115.5, 40), centre: [115, 39] },
    satellites: [
      { norad: 40118, name: '高分二号卫星', satellite: 'gf2', satelliteName: '高分二号', group: 'optical', sensor: 'PMS', sensorKind: 'pan-multispectral', mode: null, resolutionM: 0.8, swathKm: 45, maxOffNadirDeg: 35, epoch: '2026-08-22T03:00:00.000Z', ageDays: 0.1, stale: false, passCount: 2, skipped: null },
      { norad: 43485, name: '高分一号B星', satellite: 'gf1bcd', satelliteName: '高分一号B/C/D', group: 'optical', sensor: 'PMS', sensorKind: 'pan-multispectral', mode: null, resolutionM: 2, swathKm: 60, maxOffNadirDeg: null, epoch: '2026-08-21T12:00:00.000Z', ageDays: 0.5, stale: false, passCount: 1, skipped: null },
      { norad: 41556, name: '高分四号卫星', satellite: 'gf4', satelliteName: '高分四号', group: 'optical', sensor: 'PMI', sensorKind: 'pan-multispectral', mode: null, resolutionM: 50, swathKm: 400, maxOffNadirDeg: null, epoch: '2026-08-21T12:00:00.000Z', ageDays: 0.5, stale: false, passCount: 0, skipped: 'geostationary' },
    ],
    passes: [
      pass('40118-1', 40118, '2026-08-22T03:00:00.000Z', 40),
      pass('43485-1', 43485, '2026-08-25T12:00:00.000Z', 30, { ascending: true, daylight: false, sunElevationDeg: -30.1, offNadirDeg: 12.34, side: 'right', sharePct: 95.5, coveredKm2: 2533.4, status: 'lowSun', countedKm2: 0, countedPct: 0, clipped: null }),
      pass('40118-2', 40118, '2026-08-28T23:59:50.000Z', 30, { sharePct: 5, coveredKm2: 132.7, countedKm2: 100, countedPct: 3.77 }),
    ],
    // The counted passes only (the night pass is listed, not counted).
    union: { km2: 1000, sharePct: 37.69, geometry: square(114.6, 38, 115.2, 40) },
    uncovered: { km2: 1653.1, sharePct: 62.31, geometry: square(115.2, 38, 115.5, 40) },
    progress: [
      { at: '2026-08-22T03:00:40.000Z', sharePct: 35.8 },
      { at: '2026-08-29T00:00:20.000Z', sharePct: 37.7 },
    ],
    computeMs: 812,
    cached: false,
    ...overrides,
  });
}
