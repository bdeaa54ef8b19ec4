// Area upload (issue 18): time from a ~5 MB zipped shapefile to the first page of results, against a
// running portal (BENCH_BASE_URL, default http://localhost:3000; `npm run bench -- catalogue` runs it
// against its built portal on the 1 M-scene PostgreSQL): the upload (read, reproject, dissolve,
// simplify, store) and the search in the uploaded area, each BENCH_UPLOAD_ROUNDS times (default 5).
//
// The shapefile is made by GDAL's ogr2ogr (CGCS2000 Gauss-Krüger zone 39, EPSG:4527) from a wiggly
// polygon of BENCH_UPLOAD_VERTICES vertices (default 300,000: a 4.8 MB .shp), so it must be simplified
// under the 100,000-vertex limit while keeping its area within 0.1 %.
//
//   node scripts/bench/catalogue-upload.mjs            (a portal must be listening)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';

const BASE = process.env.BENCH_BASE_URL || 'http://localhost:3000';
const ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS || 5);
const VERTICES = Number(process.env.BENCH_UPLOAD_VERTICES || 300_000);

function shapefileZip() {
  const ring = [];
  for (let i = 0; i < VERTICES; i++) {
    const a = (2 * Math.PI * i) / VERTICES;
    const r = 0.4 * (1 + 0.0005 * Math.sin(i * 7.3) * Math.sin(i * 0.91));
    ring.push([116.4 + r * Math.cos(a) * 1.3, 39.9 + r * Math.sin(a)]);
  }
  ring.push(ring[0]);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-upload-'));
  try {
    writeFileSync(path.join(dir, 'in.geojson'), JSON.stringify({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } }));
    execFileSync('ogr2ogr', ['-f', 'ESRI Shapefile', '-s_srs', 'EPSG:4326', '-t_srs', 'EPSG:4527', '-nln', 'block', path.join(dir, 'out'), path.join(dir, 'in.geojson')]);
    const out = path.join(dir, 'out');
    return zipSync(Object.fromEntries(readdirSync(out).map((f) => [f, new Uint8Array(readFileSync(path.join(out, f)))])));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];

export async function measure(log = console.log, base = BASE) {
  const zip = shapefileZip();
  log(`[upload] shapefile zip: ${(zip.length / 1024 / 1024).toFixed(2)} MB, ${VERTICES.toLocaleString('en')} vertices`);
  const uploads = [];
  const searches = [];
  for (let i = 0; i < ROUNDS; i++) {
    const form = new FormData();
    form.append('file', new Blob([zip]), 'block.zip');
    let t = performance.now();
    const up = await (await fetch(`${base}/api/normal/v5/normalmeta/upload/shp`, { method: 'POST', body: form, headers: { 'x-locale': 'en' } })).json();
    uploads.push(performance.now() - t);
    if (up.code !== 0) throw new Error(`upload refused: ${up.message}`);
    t = performance.now();
    const page = await (
      await fetch(`${base}/api/normal/v5/normalmeta/base`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ filter: { area: { mode: 3, uploadId: up.data.id } }, pageSize: 20 }),
      })
    ).json();
    searches.push(performance.now() - t);
    if (i === 0) log(`[upload] stored: ${up.data.vertices.toLocaleString('en')} vertices (simplified: ${up.data.simplified}), ${up.data.areaKm2.toFixed(1)} km², ${page.data.total} scenes`);
  }
  const total = uploads.map((u, i) => u + searches[i]);
  const line = (name, v) => `${name}: p50 ${percentile(v, 50).toFixed(0)} ms, max ${Math.max(...v).toFixed(0)} ms`;
  log(`[upload] ${line('upload', uploads)}; ${line('search', searches)}; ${line('upload + first page', total)}`);
  return {
    zipMb: zip.length / 1024 / 1024,
    vertices: VERTICES,
    rounds: ROUNDS,
    upload: { p50: percentile(uploads, 50), max: Math.max(...uploads) },
    search: { p50: percentile(searches, 50), max: Math.max(...searches) },
    total: { p50: percentile(total, 50), max: Math.max(...total) },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) await measure();
