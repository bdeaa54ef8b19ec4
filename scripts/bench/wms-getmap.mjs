// DESIGN.md §5: WMS GetMap 256×256 tiles of a dense layer at least at MapServer's rate on the same
// PostGIS table, and the whole-country county layer the browser loads within 600 KB gzip.
//
// One throw-away PostgreSQL + PostGIS (Debian packages) holds the portal's own `regions` table, loaded
// by the portal's start-up seed. The portal draws the county layer through its WMS under HTTP load;
// MapServer (Debian `mapserver-bin`, `map2img`) draws the same tiles from the same table and column
// (the level of detail our WMS picks for the zoom), in the same style, in as many processes as there
// are cores. `map2img -c N` draws each tile N times in one process, which leaves out process start,
// PNG encoding and HTTP: MapServer's best case, so a portal rate above it is a fair win.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { fetchOnce, LoadTarget, summarize } from './load.mjs';
import { postgresMissing, startPostgres } from './postgres.mjs';
import { startServer } from './server.mjs';

export const id = 'wms-getmap';
export const title = 'WMS GetMap 256×256 tiles of the county layer: portal against MapServer on the same PostGIS table; county layer size';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const COUNTY_LAYER_PATH = '/api/region/v1/region/pid/100000/l?level=county&lod=lo';
const COUNTY_LAYER_BUDGET = 600_000;
/** Draws per map2img process: enough to make process start and map loading negligible. */
const DRAWS_PER_PROCESS = 50;
/** Tiles of the North China Plain, where counties are densest; the LOD is what lodFor() picks at the zoom. */
const TILE_SETS = [
  { zoom: 6, lod: 'lo' },
  { zoom: 8, lod: 'lo' },
  { zoom: 10, lod: 'mid' },
  { zoom: 12, lod: 'hi' },
];
const CENTRE = { lon: 115.6, lat: 37.4 };
const BLOCK = 4; // 4 × 4 tiles per zoom

export const timeLimitSeconds = ({ seconds, warmupSeconds }) => 60 + 300 + TILE_SETS.length * 2 * (seconds + warmupSeconds + 20) + 60;

const HALF = 20037508.342789244;

function tileBlock(zoom) {
  const n = 2 ** zoom;
  const x0 = Math.floor(((CENTRE.lon + 180) / 360) * n) - BLOCK / 2;
  const latRad = (CENTRE.lat * Math.PI) / 180;
  const y0 = Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * n) - BLOCK / 2;
  const size = (2 * HALF) / n;
  const tiles = [];
  for (let dy = 0; dy < BLOCK; dy++)
    for (let dx = 0; dx < BLOCK; dx++) {
      const x = x0 + dx;
      const y = y0 + dy;
      tiles.push([-HALF + x * size, HALF - (y + 1) * size, -HALF + (x + 1) * size, HALF - y * size].map((v) => Number(v.toFixed(3))));
    }
  return tiles;
}

function getMapPath(bbox) {
  const params = new URLSearchParams({
    SERVICE: 'WMS',
    VERSION: '1.1.1',
    REQUEST: 'GetMap',
    LAYERS: 'cloudPlatform:region',
    STYLES: '',
    SRS: 'EPSG:3857',
    BBOX: bbox.join(','),
    WIDTH: '256',
    HEIGHT: '256',
    FORMAT: 'image/png',
    TRANSPARENT: 'TRUE',
    CQL_FILTER: "level = 'county'",
  });
  return `/map/cloudPlatform/wms?${params}`;
}

/** The same table, column and look as the portal's `region` style for counties (lib/server/map/styles.ts). */
function mapfile(db) {
  const connection = `host=${db.host} port=${db.port} dbname=${db.database} user=${db.user}`;
  const layer = (lod) => `
  LAYER
    NAME "county_${lod}"
    TYPE POLYGON
    STATUS OFF
    CONNECTIONTYPE POSTGIS
    CONNECTION "${connection}"
    PROCESSING "CLOSE_CONNECTION=DEFER"
    DATA "geom_${lod} FROM (SELECT code, geom_${lod} FROM regions WHERE level = 'county') AS t USING UNIQUE code USING SRID=4326"
    PROJECTION "init=epsg:4326" END
    CLASS
      STYLE COLOR 34 139 230 OPACITY 8 END
      STYLE OUTLINECOLOR 77 171 247 WIDTH 0.8 ANTIALIAS TRUE END
    END
  END`;
  return `MAP
  NAME "bench"
  SIZE 256 256
  EXTENT -20037508 -20037508 20037508 20037508
  UNITS METERS
  PROJECTION "init=epsg:3857" END
  IMAGETYPE "png"
  OUTPUTFORMAT
    NAME "png"
    DRIVER AGG/PNG
    MIMETYPE "image/png"
    IMAGEMODE RGBA
    EXTENSION "png"
    TRANSPARENT ON
    FORMATOPTION "COMPRESSION=3"
  END
${TILE_SETS.map((s) => layer(s.lod)).join('\n')}
END
`;
}

function runMap2img(args) {
  return new Promise((resolve) => {
    const child = spawn('map2img', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (error) => resolve({ ok: false, error: error.message }));
    child.on('exit', (code) => resolve({ ok: code === 0 && !/error/i.test(stderr), error: stderr.trim() || `exit ${code}` }));
  });
}

/** MapServer's rate: `workers` processes in a closed loop over the tiles, each drawing a tile DRAWS_PER_PROCESS times. */
async function mapserverPhase({ file, lod, tiles, workers, seconds, out }) {
  const until = Date.now() + seconds * 1000;
  let next = 0;
  let draws = 0;
  const perProcess = [];
  const errors = {};
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      while (Date.now() < until) {
        const bbox = tiles[next++ % tiles.length];
        const t0 = process.hrtime.bigint();
        const r = await runMap2img([
          '-m',
          file,
          '-l',
          `county_${lod}`,
          '-e',
          ...bbox.map(String),
          '-s',
          '256',
          '256',
          '-c',
          String(DRAWS_PER_PROCESS),
          '-o',
          `${out}-${w}.png`,
        ]);
        if (!r.ok) {
          errors[r.error.slice(0, 120)] = (errors[r.error.slice(0, 120)] ?? 0) + 1;
          if (Object.keys(errors).length > 3) break;
          continue;
        }
        draws += DRAWS_PER_PROCESS;
        perProcess.push(Number(process.hrtime.bigint() - t0) / 1e6 / DRAWS_PER_PROCESS);
      }
    }),
  );
  return { latencies: perProcess, draws, errors, elapsed: Number(process.hrtime.bigint() - started) / 1e9 };
}

async function paintedShare(png) {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  let painted = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i] > 0) painted++;
  return painted / (image.width * image.height);
}

export async function run({ seconds, warmupSeconds, rounds, connections, log }) {
  if (spawnSync('map2img', ['-v']).status !== 0) throw new Error('map2img not found (Debian: mapserver-bin)');
  const missing = postgresMissing();
  if (missing) throw new Error(missing);

  const notes = [];
  const rows = [];
  const details = { sets: [] };
  const work = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-wms-'));
  mkdirSync(RESULTS_DIR, { recursive: true });
  const workers = os.cpus().length;
  let db;
  let server;
  try {
    log('starting a throw-away PostgreSQL + PostGIS…');
    db = await startPostgres();
    log(`  ${db.url}; starting the portal on it (the first start loads the regions)…`);
    server = await startServer('portal', {
      readyPath: '/api/region/v1/region/id/100000',
      env: { DATABASE_URL: db.url },
      readyTimeoutMs: 300_000,
    });
    log(`  portal ready after ${server.startSeconds.toFixed(1)} s on port ${server.port}`);

    const file = path.join(work, 'bench.map');
    writeFileSync(file, mapfile(db));

    let worst = Infinity;
    for (const set of TILE_SETS) {
      const tiles = tileBlock(set.zoom);
      const paths = tiles.map(getMapPath);
      // Same picture? Both must draw the counties of the tile at the centre (not an empty image).
      const centre = (BLOCK / 2) * BLOCK + BLOCK / 2;
      const sample = await fetchOnce({ port: server.port, path: paths[centre] });
      if (sample.status !== 200 || sample.headers['content-type']?.[0] !== 'image/png')
        throw new Error(`portal GetMap answered ${sample.status}: ${sample.body.toString().slice(0, 200)}`);
      const portalPng = path.join(RESULTS_DIR, `wms-z${set.zoom}-portal.png`);
      writeFileSync(portalPng, sample.body);
      const check = await runMap2img([
        '-m',
        file,
        '-l',
        `county_${set.lod}`,
        '-e',
        ...tiles[centre].map(String),
        '-s',
        '256',
        '256',
        '-o',
        path.join(RESULTS_DIR, `wms-z${set.zoom}-mapserver.png`),
      ]);
      if (!check.ok) throw new Error(`map2img failed: ${check.error}`);
      const shares = [
        await paintedShare(sample.body),
        await paintedShare(readFileSync(path.join(RESULTS_DIR, `wms-z${set.zoom}-mapserver.png`))),
      ];
      if (shares.some((s) => s < 0.05))
        throw new Error(
          `z${set.zoom}: a sample tile is nearly empty (painted: portal ${(shares[0] * 100).toFixed(0)}%, MapServer ${(shares[1] * 100).toFixed(0)}%)`,
        );

      log(
        `z${set.zoom} (${set.lod}): ${tiles.length} tiles; portal over HTTP with ${connections} connections, then map2img in ${workers} processes`,
      );
      // Warm both up, then alternate them in `rounds` slices (A B, B A, …) so that noise of a shared
      // machine falls on both alike.
      const target = new LoadTarget({ port: server.port, path: paths, connections });
      const portalPhases = [];
      const msPhases = [];
      try {
        await target.phase(warmupSeconds);
        await mapserverPhase({ file, lod: set.lod, tiles, workers, seconds: warmupSeconds, out: path.join(work, 'warm') });
        const slice = seconds / rounds;
        for (let round = 0; round < rounds; round++) {
          const steps = [
            async () => portalPhases.push(await target.phase(slice)),
            async () =>
              msPhases.push(await mapserverPhase({ file, lod: set.lod, tiles, workers, seconds: slice, out: path.join(work, 'tile') })),
          ];
          if (round % 2) steps.reverse();
          for (const step of steps) await step();
        }
      } finally {
        target.close();
      }
      const portal = summarize(portalPhases);
      const ms = {
        draws: msPhases.reduce((n, p) => n + p.draws, 0),
        elapsed: msPhases.reduce((n, p) => n + p.elapsed, 0),
        latencies: msPhases.flatMap((p) => p.latencies),
        errors: Object.assign({}, ...msPhases.map((p) => p.errors)),
      };
      if (ms.draws === 0) throw new Error(`map2img drew nothing: ${JSON.stringify(ms.errors)}`);
      if (portal.requests === 0) throw new Error(`portal answered no GetMap: ${JSON.stringify(portal.errorKinds)}`);
      if (portal.errors) notes.push(`z${set.zoom}: portal had ${portal.errors} failed requests ${JSON.stringify(portal.errorKinds)}`);
      if (Object.keys(ms.errors).length) notes.push(`z${set.zoom}: map2img errors ${JSON.stringify(ms.errors)}`);
      const sorted = [...ms.latencies].sort((a, b) => a - b);
      const mapserver = {
        rps: ms.draws / ms.elapsed,
        p50: sorted[Math.floor(sorted.length / 2)],
        p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))],
        errors: Object.values(ms.errors).reduce((a, b) => a + b, 0),
      };
      const ratio = portal.rps / mapserver.rps;
      worst = Math.min(worst, ratio);
      rows.push({ label: `z${set.zoom} ${set.lod}: portal WMS (HTTP, PNG)`, ...portal, ratio, pass: ratio >= 1 });
      rows.push({ label: `z${set.zoom} ${set.lod}: MapServer map2img (draw only)`, ...mapserver });
      notes.push(
        `z${set.zoom}: portal ${portal.rps.toFixed(0)} tiles/s vs MapServer ${mapserver.rps.toFixed(0)} draws/s (${(ratio * 100).toFixed(0)}%); painted pixels of the centre tile: portal ${(shares[0] * 100).toFixed(0)}%, MapServer ${(shares[1] * 100).toFixed(0)}%`,
      );
      details.sets.push({ ...set, tiles: tiles.length, portal, mapserver, ratio, painted: shares });
    }

    // The county layer as a browser gets it: with gzip when the server compresses (it does), else gzipped here.
    const layer = await fetchOnce({
      port: server.port,
      path: COUNTY_LAYER_PATH,
      headers: { 'accept-encoding': 'gzip' },
      timeoutMs: 30_000,
    });
    if (layer.status !== 200) throw new Error(`${COUNTY_LAYER_PATH} answered ${layer.status}`);
    const compressed = layer.headers['content-encoding']?.[0] === 'gzip';
    const json = compressed ? gunzipSync(layer.body) : layer.body;
    const features = JSON.parse(json.toString()).data?.features?.length ?? 0;
    const gzipBytes = compressed ? layer.body.length : gzipSync(json, { level: 6 }).length;
    const sizePass = gzipBytes <= COUNTY_LAYER_BUDGET;
    details.countyLayer = { path: COUNTY_LAYER_PATH, features, bytes: json.length, gzipBytes, compressedByServer: compressed };
    notes.push(
      `county layer ${COUNTY_LAYER_PATH}: ${features} features, ${(json.length / 1000).toFixed(0)} KB JSON, ${(gzipBytes / 1000).toFixed(0)} KB gzip ${compressed ? 'as sent' : '(gzipped here, level 6: the server sent it uncompressed)'}; budget ≤ ${COUNTY_LAYER_BUDGET / 1000} KB → ${sizePass ? 'PASS' : 'FAIL'}`,
    );
    notes.push(`sample tiles of both renderers: scripts/bench/results/wms-z*-{portal,mapserver}.png`);

    return {
      rows,
      budget: {
        text: 'WMS GetMap 256×256 of the dense county layer ≥ MapServer on the same PostGIS table',
        on: 'portal, slowest zoom',
        value: worst,
        target: 1,
        versus: 'MapServer',
        pass: worst >= 1,
      },
      extraBudgets: [
        {
          text: `county layer sent to the browser ≤ ${COUNTY_LAYER_BUDGET / 1000} KB gzip`,
          summary: `${(gzipBytes / 1000).toFixed(0)} KB gzip (${features} counties)`,
          pass: sizePass,
        },
      ],
      notes,
      details,
    };
  } finally {
    await server?.stop();
    await db?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
