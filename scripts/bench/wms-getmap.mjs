// DESIGN.md §5: WMS GetMap 256×256 tiles of a dense layer at least at MapServer's rate on the same
// PostGIS table, and the whole-country county layer the browser loads within 600 KB gzip.
//
// One throw-away PostgreSQL + PostGIS (Debian packages) holds the portal's own `regions` and `spots`
// tables, loaded by the portal's start-up seed. The portal draws two layers through its WMS under HTTP
// load: the county boundaries (anonymous) and the land-cover spots `spot_meta` (login-only: the bench
// signs in as demo-admin through the real login API and sends the session token with every GetMap,
// with the CQL filter the land-cover detail map sends for a whole-country user). MapServer (Debian
// `mapserver-bin`, `map2img`) draws the same tiles from the same table and column (for counties the
// level of detail our WMS picks for the zoom), with the same filter and the same style, in as many
// processes as there are cores. `map2img -c N` draws each tile N times in one process, which leaves out
// process start, PNG encoding and HTTP: MapServer's best case, so a portal rate above it is a fair win.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { fetchOnce, LoadTarget, summarize } from './load.mjs';
import { login } from './login.mjs';
import { postgresMissing, startPostgres } from './postgres.mjs';
import { ROOT, startServer } from './server.mjs';

export const id = 'wms-getmap';
export const title =
  'WMS GetMap 256×256 tiles of the spot and county layers: portal against MapServer on the same PostGIS tables; county layer size';

const RESULTS_DIR = fileURLToPath(new URL('./results/', import.meta.url));
const COUNTY_LAYER_PATH = '/api/region/v1/region/pid/100000/l?level=county&lod=lo';
const COUNTY_LAYER_BUDGET = 600_000;
/** Draws per map2img process: enough to make process start and map loading negligible. */
const DRAWS_PER_PROCESS = 50;
const BLOCK = 4; // 4 × 4 tiles per set
/** Tiles of the North China Plain, where counties are densest; the LOD is what lodFor() picks at the zoom. */
const COUNTY_CENTRE = { lon: 115.6, lat: 37.4 };
const COUNTY_SETS = [
  { zoom: 6, lod: 'lo' },
  { zoom: 8, lod: 'lo' },
  { zoom: 10, lod: 'mid' },
  { zoom: 12, lod: 'hi' },
];
/** Zooms a land-cover user looks at spots at; each set is the densest 4 × 4 block of the densest place. */
const SPOT_ZOOMS = [10, 12, 14];
const SPOT_THEME = 'landcover';
/** What the land-cover detail map sends for a whole-country user with no filter set (components/monitor/monitor-state.ts spotCql). */
const SPOT_CQL = `theme = '${SPOT_THEME}'`;
/** Whole country (area range 100000): the spot layer is login-only and limited to the caller's ranges. */
const SPOT_USER = 'demo-admin';
/** Bench-only captcha answer (CAPTCHA_FIXED_ANSWER: the server warns that it is set). */
const CAPTCHA = 'BENCH42';
/** Spots are small: a sample tile must be painted somewhere, and both renderers about equally. */
const SPOT_MIN_SHARE_RATIO = 0.5;
const CELL_DEGREES = 0.5;

const SET_COUNT = COUNTY_SETS.length + SPOT_ZOOMS.length;
export const timeLimitSeconds = ({ seconds, warmupSeconds }) => 60 + 420 + SET_COUNT * 2 * (seconds + warmupSeconds + 20) + 60;

const HALF = 20037508.342789244;

const tileX = (lon, zoom) => Math.floor(((lon + 180) / 360) * 2 ** zoom);
function tileY(lat, zoom) {
  const latRad = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * 2 ** zoom);
}

/** The Web-Mercator box of tile x/y at a zoom. */
function tileBox(zoom, x, y) {
  const size = (2 * HALF) / 2 ** zoom;
  return [-HALF + x * size, HALF - (y + 1) * size, -HALF + (x + 1) * size, HALF - y * size].map((v) => Number(v.toFixed(3)));
}

/** BLOCK × BLOCK tiles from x0/y0, row by row. */
function tileBlock(zoom, x0, y0) {
  const tiles = [];
  for (let dy = 0; dy < BLOCK; dy++) for (let dx = 0; dx < BLOCK; dx++) tiles.push(tileBox(zoom, x0 + dx, y0 + dy));
  return tiles;
}

function getMapPath(bbox, layer, cql) {
  const params = new URLSearchParams({
    SERVICE: 'WMS',
    VERSION: '1.1.1',
    REQUEST: 'GetMap',
    LAYERS: `cloudPlatform:${layer}`,
    STYLES: '',
    SRS: 'EPSG:3857',
    BBOX: bbox.join(','),
    WIDTH: '256',
    HEIGHT: '256',
    FORMAT: 'image/png',
    TRANSPARENT: 'TRUE',
    CQL_FILTER: cql,
  });
  return `/map/cloudPlatform/wms?${params}`;
}

const rgb = (hex) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `${(n >> 16) & 0xff} ${(n >> 8) & 0xff} ${n & 0xff}`;
};

/**
 * The portal's `spot_meta` style, read from its source so that the MapServer classes cannot drift from
 * it: the change-type colours (lib/shared/spots/codes.ts CHANGE_TYPES), the fill opacity and line
 * width (lib/server/spots/map-layers.ts SPOT_STYLES) and the colour of any other value.
 */
function spotStyle() {
  const codes = readFileSync(path.join(ROOT, 'lib/shared/spots/codes.ts'), 'utf8');
  const block = /export const CHANGE_TYPES = \[([\s\S]*?)\] as const/.exec(codes)?.[1] ?? '';
  const classes = [...block.matchAll(/value: '(\d+)'[^}]*color: '(#[0-9a-f]{6})'/gi)].map((m) => ({ value: m[1], color: m[2] }));
  const layers = readFileSync(path.join(ROOT, 'lib/server/spots/map-layers.ts'), 'utf8');
  const paint = /spot_meta: byChangeType\(([\d.]+), ([\d.]+)\)/.exec(layers);
  const other = /CHANGE_COLORS\.get\([^)]*\)\) \?\? '(#[0-9a-f]{6})'/i.exec(layers)?.[1];
  if (classes.length < 2 || !paint || !other)
    throw new Error('could not read the spot_meta style from lib/shared/spots/codes.ts and lib/server/spots/map-layers.ts');
  return { classes, fillOpacity: Number(paint[1]), lineWidth: Number(paint[2]), other };
}

/** The same tables, columns, filters and look as the portal's `region` (counties) and `spot_meta` layers. */
function mapfile(db, spots) {
  const connection = `host=${db.host} port=${db.port} dbname=${db.database} user=${db.user}`;
  const county = (lod) => `
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
  const spotClass = (color, expression) => `
    CLASS
      ${expression ? `EXPRESSION "${expression}"` : ''}
      STYLE COLOR ${rgb(color)} OPACITY ${Math.round(spots.fillOpacity * 100)} END
      STYLE OUTLINECOLOR ${rgb(color)} WIDTH ${spots.lineWidth} ANTIALIAS TRUE END
    END`;
  // The portal's spot_meta query: spots joined to their batch, its CQL filter on theme, drawn largest
  // first (lib/server/spots/map-layers.ts drawOrder).
  const spotLayer = `
  LAYER
    NAME "spots"
    TYPE POLYGON
    STATUS OFF
    CONNECTIONTYPE POSTGIS
    CONNECTION "${connection}"
    PROCESSING "CLOSE_CONNECTION=DEFER"
    DATA "geom FROM (SELECT s.id, s.change_type, s.geom FROM spots s JOIN spot_batches b ON b.id = s.batch_id WHERE s.theme = '${SPOT_THEME}' ORDER BY s.area_m2 DESC, s.id) AS t USING UNIQUE id USING SRID=4326"
    PROJECTION "init=epsg:4326" END
    CLASSITEM "change_type"
${spots.classes.map((c) => spotClass(c.color, c.value)).join('\n')}
${spotClass(spots.other, null)}
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
${COUNTY_SETS.map((s) => county(s.lod)).join('\n')}
${spotLayer}
END
`;
}

/** Spots per Web-Mercator tile of a zoom (by the point inside each spot), as SQL over `spots`. */
const SPOTS_PER_TILE = `
  SELECT web_mercator_tile_x(ST_X(center), $2) AS x, web_mercator_tile_y(ST_Y(center), $2) AS y,
         ST_X(center) AS lon, ST_Y(center) AS lat
  FROM spots WHERE theme = $1`;

/**
 * Where spots are densest: the CELL_DEGREES cell with most spots, then for each zoom the aligned
 * BLOCK × BLOCK tile block with most spots among those holding spots of that cell, and in it the tile
 * with most spots (the sample both renderers must paint).
 */
async function spotPlaces(db) {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const [cell] = (
      await client.query(
        `SELECT floor(ST_X(center) / $2) * $2 AS lon, floor(ST_Y(center) / $2) * $2 AS lat, count(*)::int AS n,
                (SELECT count(*)::int FROM spots WHERE theme = $1) AS total,
                (array_agg(xzqdm ORDER BY xzqdm))[1] AS county
         FROM spots WHERE theme = $1 GROUP BY 1, 2 ORDER BY n DESC, lon, lat LIMIT 1`,
        [SPOT_THEME, CELL_DEGREES],
      )
    ).rows;
    if (!cell) throw new Error('the portal seeded no land-cover spots');
    const sets = [];
    for (const zoom of SPOT_ZOOMS) {
      const blockZoom = zoom - Math.log2(BLOCK);
      const [block] = (
        await client.query(
          `SELECT x, y, count(*)::int AS n FROM (${SPOTS_PER_TILE}) t GROUP BY x, y
           HAVING bool_or(lon >= $3 AND lon < $3 + $5 AND lat >= $4 AND lat < $4 + $5)
           ORDER BY n DESC, x, y LIMIT 1`,
          [SPOT_THEME, 2 ** blockZoom, cell.lon, cell.lat, CELL_DEGREES],
        )
      ).rows;
      const x0 = block.x * BLOCK;
      const y0 = block.y * BLOCK;
      const [sample] = (
        await client.query(
          `SELECT x, y, count(*)::int AS n FROM (${SPOTS_PER_TILE}) t
           WHERE x BETWEEN $3 AND $3 + $5 - 1 AND y BETWEEN $4 AND $4 + $5 - 1
           GROUP BY x, y ORDER BY n DESC, x, y LIMIT 1`,
          [SPOT_THEME, 2 ** zoom, x0, y0, BLOCK],
        )
      ).rows;
      sets.push({ zoom, x0, y0, blockSpots: block.n, sample: (sample.y - y0) * BLOCK + (sample.x - x0), sampleSpots: sample.n });
    }
    return { cell, sets };
  } finally {
    await client.end();
  }
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
async function mapserverPhase({ file, layer, tiles, workers, seconds, out }) {
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
          layer,
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

/** Which pixels of a PNG are painted (alpha > 0). */
async function paintedMask(png) {
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const image = await loadImage(png);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const { data } = ctx.getImageData(0, 0, image.width, image.height);
  const mask = new Uint8Array(image.width * image.height);
  for (let i = 0; i < mask.length; i++) mask[i] = data[i * 4 + 3] > 0 ? 1 : 0;
  return mask;
}

/** Painted shares of both images and how well they agree (pixels painted by both ÷ by either). */
async function comparePaint(a, b) {
  const [ma, mb] = [await paintedMask(a), await paintedMask(b)];
  let na = 0;
  let nb = 0;
  let both = 0;
  for (let i = 0; i < ma.length; i++) {
    na += ma[i];
    nb += mb[i];
    both += ma[i] & mb[i];
  }
  const either = na + nb - both;
  return { shares: [na / ma.length, nb / mb.length], overlap: either ? both / either : 1 };
}

const percent = (r, digits = 0) => `${(r * 100).toFixed(digits)}%`;

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
    log(`  ${db.url}; starting the portal on it (the first start loads the regions and the demo spots)…`);
    server = await startServer('portal', {
      readyPath: '/api/region/v1/region/id/100000',
      // The spot layer needs a session; only a test server can answer its captcha.
      env: { DATABASE_URL: db.url, CAPTCHA_FIXED_ANSWER: CAPTCHA },
      readyTimeoutMs: 420_000,
    });
    log(`  portal ready after ${server.startSeconds.toFixed(1)} s on port ${server.port}`);
    const token = await login({
      port: server.port,
      username: SPOT_USER,
      password: process.env.DEMO_PASSWORD || 'Demo@2026',
      captcha: CAPTCHA,
    });
    log(`  signed in as ${SPOT_USER} (whole country) through the login API`);

    const places = await spotPlaces(db);
    const { cell } = places;
    notes.push(
      `spots: ${cell.total} land-cover spots; the densest ${CELL_DEGREES}° cell (${cell.lon}–${cell.lon + CELL_DEGREES}°E, ${cell.lat}–${cell.lat + CELL_DEGREES}°N, county ${cell.county}…) holds ${cell.n}; each spot set is the ${BLOCK}×${BLOCK} tile block with most spots that reaches into it; portal CQL_FILTER "${SPOT_CQL}" as ${SPOT_USER}`,
    );

    const file = path.join(work, 'bench.map');
    writeFileSync(file, mapfile(db, spotStyle()));

    const centre = (BLOCK / 2) * BLOCK + BLOCK / 2;
    const sets = [
      ...COUNTY_SETS.map((s) => ({
        kind: 'county',
        name: `county z${s.zoom} ${s.lod}`,
        file: `county-z${s.zoom}`,
        zoom: s.zoom,
        mapLayer: `county_${s.lod}`,
        tiles: tileBlock(s.zoom, tileX(COUNTY_CENTRE.lon, s.zoom) - BLOCK / 2, tileY(COUNTY_CENTRE.lat, s.zoom) - BLOCK / 2),
        portal: { layer: 'region', cql: "level = 'county'", headers: {} },
        sample: centre,
      })),
      ...places.sets.map((s) => ({
        kind: 'spots',
        name: `spots z${s.zoom}`,
        file: `spots-z${s.zoom}`,
        zoom: s.zoom,
        mapLayer: 'spots',
        tiles: tileBlock(s.zoom, s.x0, s.y0),
        portal: { layer: 'spot_meta', cql: SPOT_CQL, headers: { token } },
        sample: s.sample,
        spots: { block: s.blockSpots, sample: s.sampleSpots, x0: s.x0, y0: s.y0 },
      })),
    ];

    const worst = { county: { ratio: Infinity }, spots: { ratio: Infinity } };
    for (const set of sets) {
      const { tiles } = set;
      const paths = tiles.map((bbox) => getMapPath(bbox, set.portal.layer, set.portal.cql));
      // Same picture? Both must paint the sample tile (not an empty image), and much the same pixels.
      const sample = await fetchOnce({
        port: server.port,
        path: paths[set.sample],
        headers: { 'accept-encoding': 'identity', ...set.portal.headers },
      });
      if (sample.status !== 200 || sample.headers['content-type']?.[0] !== 'image/png')
        throw new Error(`portal GetMap answered ${sample.status}: ${sample.body.toString().slice(0, 200)}`);
      writeFileSync(path.join(RESULTS_DIR, `wms-${set.file}-portal.png`), sample.body);
      const mapserverPng = path.join(RESULTS_DIR, `wms-${set.file}-mapserver.png`);
      const check = await runMap2img([
        '-m',
        file,
        '-l',
        set.mapLayer,
        '-e',
        ...tiles[set.sample].map(String),
        '-s',
        '256',
        '256',
        '-o',
        mapserverPng,
      ]);
      if (!check.ok) throw new Error(`map2img failed: ${check.error}`);
      const paint = await comparePaint(sample.body, readFileSync(mapserverPng));
      const [portalShare, msShare] = paint.shares;
      const painted = `portal ${percent(portalShare, 1)}, MapServer ${percent(msShare, 1)}, ${percent(paint.overlap)} of them by both`;
      if (set.kind === 'county' ? paint.shares.some((s) => s < 0.05) : paint.shares.some((s) => s === 0))
        throw new Error(`${set.name}: a sample tile is ${set.kind === 'county' ? 'nearly ' : ''}empty (painted: ${painted})`);
      if (set.kind === 'spots' && Math.min(portalShare, msShare) / Math.max(portalShare, msShare) < SPOT_MIN_SHARE_RATIO)
        throw new Error(`${set.name}: the renderers paint different amounts of the sample tile (${painted})`);

      log(`${set.name}: ${tiles.length} tiles; portal over HTTP with ${connections} connections, then map2img in ${workers} processes`);
      // Warm both up, then alternate them in `rounds` slices (A B, B A, …) so that noise of a shared
      // machine falls on both alike.
      const target = new LoadTarget({ port: server.port, path: paths, connections, headers: set.portal.headers });
      const portalPhases = [];
      const msPhases = [];
      const msPhase = (secs, out) =>
        mapserverPhase({ file, layer: set.mapLayer, tiles, workers, seconds: secs, out: path.join(work, out) });
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
      const ms = {
        draws: msPhases.reduce((n, p) => n + p.draws, 0),
        elapsed: msPhases.reduce((n, p) => n + p.elapsed, 0),
        latencies: msPhases.flatMap((p) => p.latencies),
        errors: Object.assign({}, ...msPhases.map((p) => p.errors)),
      };
      if (ms.draws === 0) throw new Error(`map2img drew nothing: ${JSON.stringify(ms.errors)}`);
      if (portal.requests === 0) throw new Error(`portal answered no GetMap: ${JSON.stringify(portal.errorKinds)}`);
      if (portal.errors) notes.push(`${set.name}: portal had ${portal.errors} failed requests ${JSON.stringify(portal.errorKinds)}`);
      if (Object.keys(ms.errors).length) notes.push(`${set.name}: map2img errors ${JSON.stringify(ms.errors)}`);
      const sorted = [...ms.latencies].sort((a, b) => a - b);
      const mapserver = {
        rps: ms.draws / ms.elapsed,
        p50: sorted[Math.floor(sorted.length / 2)],
        p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))],
        errors: Object.values(ms.errors).reduce((a, b) => a + b, 0),
      };
      const ratio = portal.rps / mapserver.rps;
      if (ratio < worst[set.kind].ratio) worst[set.kind] = { ratio, name: set.name };
      rows.push({ label: `${set.name}: portal WMS (HTTP, PNG)`, ...portal, ratio, pass: ratio >= 1 });
      rows.push({ label: `${set.name}: MapServer map2img (draw only)`, ...mapserver });
      const spotCount = set.spots ? `; ${set.spots.block} spots in the block, ${set.spots.sample} in the sample tile` : '';
      notes.push(
        `${set.name}: portal ${portal.rps.toFixed(0)} tiles/s vs MapServer ${mapserver.rps.toFixed(0)} draws/s (${percent(ratio)})${spotCount}; painted pixels of the sample tile: ${painted}`,
      );
      details.sets.push({
        kind: set.kind,
        zoom: set.zoom,
        mapLayer: set.mapLayer,
        tiles: tiles.length,
        spots: set.spots,
        portal,
        mapserver,
        ratio,
        painted: paint.shares,
        paintOverlap: paint.overlap,
      });
    }
    details.spotCell = cell;

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
    notes.push(`sample tiles of both renderers: scripts/bench/results/wms-{county,spots}-z*-{portal,mapserver}.png`);

    const overall = worst.spots.ratio < worst.county.ratio ? worst.spots : worst.county;
    const layerBudget = (kind, what) => ({
      text: `${what} alone ≥ MapServer`,
      summary: `slowest set ${worst[kind].name}: ${percent(worst[kind].ratio)} of MapServer`,
      pass: worst[kind].ratio >= 1,
    });
    return {
      rows,
      budget: {
        text: 'WMS GetMap 256×256 of the dense spot layer (and the county layer) ≥ MapServer on the same PostGIS table',
        on: `portal, slowest set (${overall.name})`,
        value: overall.ratio,
        target: 1,
        versus: 'MapServer',
        pass: overall.ratio >= 1,
      },
      extraBudgets: [
        layerBudget('spots', `spot layer spot_meta (zooms ${SPOT_ZOOMS.join('/')}, signed in)`),
        layerBudget('county', `county layer (zooms ${COUNTY_SETS.map((s) => s.zoom).join('/')})`),
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
