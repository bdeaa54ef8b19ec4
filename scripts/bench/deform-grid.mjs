// Issue 21 item 3: WMS GetMap 256×256 tiles of the surface deformation rate grid (`surface_deform_rate`,
// level-14 cells coloured by the diverging rate ramp) at least at MapServer's rate on the same PostGIS
// table. As wms-getmap.mjs does for the theme layers (and with its helpers): one throw-away PostgreSQL +
// PostGIS seeded by the portal's own start, the portal's WMS under HTTP load signed in as demo-admin, and
// MapServer (`map2img -c`, draw only: its best case) drawing the same tiles from `deform_cells` with one
// class per declared rate class, coloured by what the portal's layer style paints for it (read through
// themes.mjs, so they cannot drift). Tiles: 4 × 4 blocks over the Beijing bowls (Chaoyang, Tongzhou) at
// zooms 10, 12 and 14 (a cell is ~10, ~40 and ~150 pixels across).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fetchOnce, LoadTarget, summarize } from './load.mjs';
import { login } from './login.mjs';
import { postgresMissing, startPostgres } from './postgres.mjs';
import { startServer } from './server.mjs';
import { declaredThemes } from './themes.mjs';
import { colour, comparePaint, getMapPath, mapserverPhase, percent, runMap2img, tileBlock, tileX, tileY } from './wms-getmap.mjs';

export const id = 'deform-grid';
export const title = 'WMS GetMap 256×256 tiles of the surface deformation rate grid: portal against MapServer on the same PostGIS table';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const BLOCK = 4;
const ZOOMS = [10, 12, 14];
/** Between the Chaoyang and Tongzhou bowls: every tile of each block holds cells. */
const CENTRE = { lon: 116.62, lat: 39.9 };
const USER = 'demo-admin';
const CAPTCHA = 'BENCH42';

export const timeLimitSeconds = ({ seconds, warmupSeconds }) => 60 + 420 + ZOOMS.length * 2 * (seconds + warmupSeconds + 20) + 60;

/** A MapServer class per declared rate class: its range as an expression, its fill as the portal paints it. */
function rateClasses(grid) {
  const last = grid.classes.length - 1;
  return grid.classes
    .map((c, i) => {
      const expression = i === 0 ? `([rate] < ${c.to})` : i === last ? `([rate] >= ${c.from})` : `([rate] >= ${c.from} AND [rate] < ${c.to})`;
      const fill = colour(c.paint.fill);
      return `
    CLASS
      EXPRESSION ${expression}
      STYLE COLOR ${fill.rgb} OPACITY ${fill.opacity} END
    END`;
    })
    .join('\n');
}

function mapfile(db, grid) {
  const connection = `host=${db.host} port=${db.port} dbname=${db.database} user=${db.user}`;
  return `MAP
  NAME "deform"
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
  LAYER
    NAME "${grid.layer}"
    TYPE POLYGON
    STATUS OFF
    CONNECTIONTYPE POSTGIS
    CONNECTION "${connection}"
    PROCESSING "CLOSE_CONNECTION=DEFER"
    DATA "geom FROM (SELECT (c.x::bigint * 1000000 + c.y) AS id, c.rate::float8 AS rate, c.geom FROM ${grid.from} ORDER BY ${grid.drawOrder}) AS t USING UNIQUE id USING SRID=4326"
    PROJECTION "init=epsg:4326" END
${rateClasses(grid)}
  END
END
`;
}

export async function run({ seconds, warmupSeconds, rounds, connections, log }) {
  if (spawnSync('map2img', ['-v']).status !== 0) throw new Error('map2img not found (Debian: mapserver-bin)');
  const missing = postgresMissing();
  if (missing) throw new Error(missing);
  const { rateGrids } = declaredThemes([]);
  const grid = rateGrids[0];
  if (!grid) throw new Error('no rate-grid theme is declared');

  const notes = [];
  const rows = [];
  const details = { sets: [] };
  const work = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-deform-'));
  mkdirSync(RESULTS_DIR, { recursive: true });
  const workers = os.cpus().length;
  let db;
  let server;
  let worst = { ratio: Infinity, name: '' };
  try {
    log('starting a throw-away PostgreSQL + PostGIS…');
    db = await startPostgres();
    log(`  ${db.url}; starting the portal on it (the first start seeds the regions and the deformation demo)…`);
    server = await startServer('portal', {
      readyPath: '/api/region/v1/region/id/100000',
      env: { DATABASE_URL: db.url, CAPTCHA_FIXED_ANSWER: CAPTCHA },
      readyTimeoutMs: 420_000,
    });
    log(`  portal ready after ${server.startSeconds.toFixed(1)} s on port ${server.port}`);
    const token = await login({ port: server.port, username: USER, password: process.env.DEMO_PASSWORD || 'Demo@2026', captcha: CAPTCHA });
    const file = path.join(work, 'deform.map');
    writeFileSync(file, mapfile(db, grid));

    for (const zoom of ZOOMS) {
      const tiles = tileBlock(zoom, tileX(CENTRE.lon, zoom) - BLOCK / 2, tileY(CENTRE.lat, zoom) - BLOCK / 2);
      const paths = tiles.map((bbox) => getMapPath(bbox, grid.layer, null));
      const name = `${grid.layer} z${zoom}`;
      const sampleIndex = (BLOCK / 2) * BLOCK + BLOCK / 2;
      const sample = await fetchOnce({ port: server.port, path: paths[sampleIndex], headers: { 'accept-encoding': 'identity', token } });
      if (sample.status !== 200 || sample.headers['content-type']?.[0] !== 'image/png')
        throw new Error(`portal GetMap answered ${sample.status}: ${sample.body.toString().slice(0, 200)}`);
      writeFileSync(path.join(RESULTS_DIR, `deform-z${zoom}-portal.png`), sample.body);
      const mapserverPng = path.join(RESULTS_DIR, `deform-z${zoom}-mapserver.png`);
      const check = await runMap2img(['-m', file, '-l', grid.layer, '-e', ...tiles[sampleIndex].map(String), '-s', '256', '256', '-o', mapserverPng]);
      if (!check.ok) throw new Error(`map2img failed: ${check.error}`);
      const paint = await comparePaint(sample.body, readFileSync(mapserverPng));
      const painted = `portal ${percent(paint.shares[0], 1)}, MapServer ${percent(paint.shares[1], 1)}, ${percent(paint.overlap)} of them by both`;
      if (paint.shares.some((s) => s < 0.5)) throw new Error(`${name}: a sample tile is mostly empty (${painted})`);

      log(`${name}: ${tiles.length} tiles; portal over HTTP with ${connections} connections, then map2img in ${workers} processes`);
      const target = new LoadTarget({ port: server.port, path: paths, connections, headers: { token } });
      const portalPhases = [];
      const msPhases = [];
      const msPhase = (secs, out) => mapserverPhase({ file, layer: grid.layer, tiles, workers, seconds: secs, out: path.join(work, out) });
      try {
        await target.phase(warmupSeconds);
        await msPhase(warmupSeconds, 'warm');
        const slice = seconds / rounds;
        for (let round = 0; round < rounds; round++) {
          const steps = [async () => portalPhases.push(await target.phase(slice)), async () => msPhases.push(await msPhase(slice, 'tile'))];
          if (round % 2) steps.reverse();
          for (const step of steps) await step();
        }
      } finally {
        target.close();
      }
      const portal = summarize(portalPhases);
      const draws = msPhases.reduce((n, p) => n + p.draws, 0);
      const elapsed = msPhases.reduce((n, p) => n + p.elapsed, 0);
      const errors = Object.assign({}, ...msPhases.map((p) => p.errors));
      if (draws === 0) throw new Error(`map2img drew nothing: ${JSON.stringify(errors)}`);
      if (portal.requests === 0) throw new Error(`portal answered no GetMap: ${JSON.stringify(portal.errorKinds)}`);
      if (portal.errors) notes.push(`${name}: portal had ${portal.errors} failed requests ${JSON.stringify(portal.errorKinds)}`);
      const sorted = msPhases.flatMap((p) => p.latencies).sort((a, b) => a - b);
      const mapserver = {
        rps: draws / elapsed,
        p50: sorted[Math.floor(sorted.length / 2)],
        p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))],
        errors: Object.values(errors).reduce((a, b) => a + b, 0),
      };
      const ratio = portal.rps / mapserver.rps;
      if (ratio < worst.ratio) worst = { ratio, name };
      rows.push({ label: `${name}: portal WMS (HTTP, PNG)`, ...portal, ratio, pass: ratio >= 1 });
      rows.push({ label: `${name}: MapServer map2img (draw only)`, ...mapserver });
      const line = `${name}: portal ${portal.rps.toFixed(0)} tiles/s vs MapServer ${mapserver.rps.toFixed(0)} draws/s (${percent(ratio)}); painted pixels of the sample tile: ${painted}`;
      notes.push(line);
      log(`  ${line}`);
      details.sets.push({ name, zoom, tiles: tiles.length, portal, mapserver, ratio, painted: paint.shares, paintOverlap: paint.overlap, load: os.loadavg() });
    }
    notes.push('sample tiles of both renderers: scripts/bench/results/deform-z*-{portal,mapserver}.png');
    return {
      rows,
      budget: {
        text: 'WMS GetMap 256×256 of the deformation rate grid ≥ MapServer on the same PostGIS table',
        on: `portal, slowest set (${worst.name})`,
        value: worst.ratio,
        target: 1,
        versus: 'MapServer',
        pass: worst.ratio >= 1,
      },
      notes,
      details,
    };
  } finally {
    await server?.stop();
    await db?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
