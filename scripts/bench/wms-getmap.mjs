// DESIGN.md §5 and issue 20: WMS GetMap 256×256 tiles of each dense layer at least at MapServer's rate
// on the same PostGIS table, and the whole-country county layer the browser loads within 600 KB gzip.
//
// One throw-away PostgreSQL + PostGIS (Debian packages) holds the portal's own `regions` and `spots`
// tables, loaded by the portal's start-up seed. The portal draws through its WMS under HTTP load: the
// county boundaries (anonymous), the land-cover spots `spot_meta` and the feature layer of every other
// declared theme (`windmill_meta` turbines as points and farms as polygons, `pvland_meta` polygons,
// `road_meta` lines, `steelplant_meta` points and polygons) — login-only: the bench signs in as
// demo-admin through the real login API and sends the session token with every GetMap, with the CQL
// filter a theme's detail map sends for a whole-country user with no filter set (`theme = '<id>'`).
// MapServer (Debian `mapserver-bin`, `map2img`) draws the same tiles from the same table and column (for
// counties the level of detail our WMS picks for the zoom), with the layer's own `where` (its theme) and
// draw order, and classes made from what the portal's layer style paints for each declared value (colour,
// fill opacity, line width per road grade, point radius: read through themes.mjs, so they cannot drift),
// in as many processes as there are cores. A layer of points and polygons is two MapServer layers (one
// geometry type each) drawn together. Where features overlap (a wind farm in each of its six snapshot
// batches) the portal fills a run of same-styled features as their union and MapServer composites each
// one, so colours there differ; the sample check compares painted pixels, not colours. `map2img -c N` draws each tile N times in one process, which leaves out
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
import { startServer } from './server.mjs';
import { declaredThemes } from './themes.mjs';

export const id = 'wms-getmap';
export const title =
  "WMS GetMap 256×256 tiles of the county layer and every theme's feature layer: portal against MapServer on the same PostGIS tables; county layer size";

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
/** The land-cover layer measured (its other two draw the same rows with other styles). */
const SPOT_LAYER = 'spot_meta';
/** Zooms of the other themes' feature layers (farms and plants span kilometres; turbines, roads and small plants show from z10). */
const THEME_ZOOMS = [10, 12];
/** What a theme's detail map sends for a whole-country user with no filter set (components/monitor/monitor-state.ts spotCql). */
const themeCql = (theme) => `theme = '${theme}'`;
/** Whole country (area range 100000): the spot layer is login-only and limited to the caller's ranges. */
const SPOT_USER = 'demo-admin';
/** Bench-only captcha answer (CAPTCHA_FIXED_ANSWER: the server warns that it is set). */
const CAPTCHA = 'BENCH42';
/** Spots are small: a sample tile must be painted somewhere, and both renderers about equally. */
const SPOT_MIN_SHARE_RATIO = 0.5;
const CELL_DEGREES = 0.5;

/** Four other themes with one feature layer each, as declared for issue 20; more are allowed for when the declarations can be read. */
function setCount() {
  let layers = 4;
  try {
    layers = declaredThemes()
      .themes.filter((t) => t.id !== SPOT_THEME)
      .reduce((n, t) => n + t.layers.length, 0);
  } catch {
    // Counted again (and reported) when the benchmark runs.
  }
  return COUNTY_SETS.length + SPOT_ZOOMS.length + layers * THEME_ZOOMS.length;
}
export const timeLimitSeconds = ({ seconds, warmupSeconds }) => 60 + 420 + setCount() * 2 * (seconds + warmupSeconds + 20) + 60;

const HALF = 20037508.342789244;

export const tileX = (lon, zoom) => Math.floor(((lon + 180) / 360) * 2 ** zoom);
export function tileY(lat, zoom) {
  const latRad = (lat * Math.PI) / 180;
  return Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * 2 ** zoom);
}

/** The Web-Mercator box of tile x/y at a zoom. */
function tileBox(zoom, x, y) {
  const size = (2 * HALF) / 2 ** zoom;
  return [-HALF + x * size, HALF - (y + 1) * size, -HALF + (x + 1) * size, HALF - y * size].map((v) => Number(v.toFixed(3)));
}

/** BLOCK × BLOCK tiles from x0/y0, row by row. */
export function tileBlock(zoom, x0, y0) {
  const tiles = [];
  for (let dy = 0; dy < BLOCK; dy++) for (let dx = 0; dx < BLOCK; dx++) tiles.push(tileBox(zoom, x0 + dx, y0 + dy));
  return tiles;
}

export function getMapPath(bbox, layer, cql) {
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
    ...(cql ? { CQL_FILTER: cql } : {}),
  });
  return `/map/cloudPlatform/wms?${params}`;
}

/** A CSS colour as the portal's styles write it (`#rrggbb` or `rgba(r, g, b, a)`) → MapServer `r g b` and opacity 0–100. */
export function colour(css) {
  const hex = /^#([0-9a-f]{6})$/i.exec(css);
  if (hex) {
    const n = Number.parseInt(hex[1], 16);
    return { rgb: `${(n >> 16) & 0xff} ${(n >> 8) & 0xff} ${n & 0xff}`, opacity: 100 };
  }
  const rgba = /^rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)$/.exec(css);
  if (!rgba) throw new Error(`unexpected colour ${css} in a portal style`);
  return { rgb: `${rgba[1]} ${rgba[2]} ${rgba[3]}`, opacity: Math.round(Number(rgba[4] ?? 1) * 100) };
}

/** MapServer styles of one portal paint for a geometry type: fill then outline, line at its width, or a circle marker. */
export function mapserverStyles(paint, type) {
  const fill = paint.fill ? colour(paint.fill) : null;
  const stroke = paint.stroke ? colour(paint.stroke) : null;
  const width = paint.lineWidth ?? 1;
  const styles = [];
  if (type === 'POLYGON') {
    if (fill) styles.push(`STYLE COLOR ${fill.rgb} OPACITY ${fill.opacity} END`);
    // A dashed outline (the portal's canvas setLineDash) is a PATTERN of the same on/off lengths.
    const dash = paint.dash?.length ? ` PATTERN ${paint.dash.join(' ')} END LINECAP BUTT` : '';
    if (stroke) styles.push(`STYLE OUTLINECOLOR ${stroke.rgb} OPACITY ${stroke.opacity} WIDTH ${width}${dash} ANTIALIAS TRUE END`);
  } else if (type === 'LINE') {
    if (stroke) styles.push(`STYLE COLOR ${stroke.rgb} OPACITY ${stroke.opacity} WIDTH ${width} ANTIALIAS TRUE END`);
  } else {
    // The portal's canvas arc of `radius` pixels: a filled circle of that diameter with its outline.
    const size = 2 * (paint.radius ?? 4);
    if (fill) styles.push(`STYLE SYMBOL "circle" SIZE ${size} COLOR ${fill.rgb} OPACITY ${fill.opacity} END`);
    if (stroke) styles.push(`STYLE SYMBOL "circle" SIZE ${size} OUTLINECOLOR ${stroke.rgb} OPACITY ${stroke.opacity} WIDTH ${width} END`);
  }
  return styles.join('\n      ');
}

const GEOMETRY_TYPES = { MultiPolygon: ['POLYGON'], MultiLineString: ['LINE'], Point: ['POINT'] };
/** PostGIS GeometryType() of the rows a MapServer layer of each type draws (a mixed layer is split by it). */
const POSTGIS_TYPE = { POLYGON: 'MULTIPOLYGON', LINE: 'MULTILINESTRING', POINT: 'POINT' };

/** The MapServer layers of one portal feature layer: one per geometry type, named `<layer>_<type>`. */
function featureMapLayers(connection, theme, layer, zoom) {
  const order = ['POLYGON', 'LINE', 'POINT'];
  const types =
    GEOMETRY_TYPES[layer.geometryKind] ??
    theme.geometries
      .map((g) => ({ polygon: 'POLYGON', line: 'LINE', point: 'POINT' })[g])
      .sort((a, b) => order.indexOf(a) - order.indexOf(b));
  const { classes, other } = layer.paints[zoom];
  return types.map((type) => {
    const onlyType = types.length > 1 ? ` AND GeometryType(s.geom) = '${POSTGIS_TYPE[type]}'` : '';
    const klass = (paint, value) => `
    CLASS
      ${value === null ? '' : `EXPRESSION "${value}"`}
      ${mapserverStyles(paint, type)}
    END`;
    return {
      name: `${layer.name}_z${zoom}_${type.toLowerCase()}`,
      text: `
  LAYER
    NAME "${layer.name}_z${zoom}_${type.toLowerCase()}"
    TYPE ${type}
    STATUS OFF
    CONNECTIONTYPE POSTGIS
    CONNECTION "${connection}"
    PROCESSING "CLOSE_CONNECTION=DEFER"
    DATA "geom FROM (SELECT s.id, s.${layer.styleBy}::text AS style_value, s.geom FROM spots s JOIN spot_batches b ON b.id = s.batch_id WHERE ${layer.where}${onlyType} ORDER BY ${layer.drawOrder}) AS t USING UNIQUE id USING SRID=4326"
    PROJECTION "init=epsg:4326" END
    CLASSITEM "style_value"
${classes.map((c) => klass(c, c.value)).join('\n')}
${klass(other, null)}
  END`,
    };
  });
}

/** A mapfile drawing 256×256 Web-Mercator PNG tiles with `layers` (LAYER … END texts). */
export function mapfileOf(layers) {
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
  SYMBOL
    NAME "circle"
    TYPE ELLIPSE
    FILLED TRUE
    POINTS 1 1 END
  END
${layers.join('\n')}
END
`;
}

/** The same tables, columns, filters and look as the portal's `region` (counties) and feature layers (one set of layers per zoom: point sizes depend on it). */
function mapfile(db, featureSets) {
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
  const features = featureSets.map(({ theme, layer, zoom }) => featureMapLayers(connection, theme, layer, zoom));
  return {
    text: mapfileOf([...COUNTY_SETS.map((s) => county(s.lod)), ...features.flatMap((layers) => layers.map((l) => l.text))]),
    // map2img -l takes several layers, space-separated: a mixed layer's polygons first, then its points (drawn on top, as the portal's largest-first order does).
    layerNames: features.map((layers) => layers.map((l) => l.name).join(' ')),
  };
}

/** Spots per Web-Mercator tile of a zoom (by the point inside each spot), as SQL over `spots`. */
const SPOTS_PER_TILE = `
  SELECT web_mercator_tile_x(ST_X(center), $2) AS x, web_mercator_tile_y(ST_Y(center), $2) AS y,
         ST_X(center) AS lon, ST_Y(center) AS lat
  FROM spots WHERE theme = $1`;

/**
 * Where a theme's features are densest: the CELL_DEGREES cell with most of them (by the point inside
 * each), then for each zoom the aligned BLOCK × BLOCK tile block with most among those holding features
 * of that cell, and in it the tile with most (the sample both renderers must paint).
 */
async function densestPlaces(db, theme, zooms) {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    const [cell] = (
      await client.query(
        `SELECT floor(ST_X(center) / $2) * $2 AS lon, floor(ST_Y(center) / $2) * $2 AS lat, count(*)::int AS n,
                (SELECT count(*)::int FROM spots WHERE theme = $1) AS total,
                (array_agg(xzqdm ORDER BY xzqdm))[1] AS county
         FROM spots WHERE theme = $1 GROUP BY 1, 2 ORDER BY n DESC, lon, lat LIMIT 1`,
        [theme, CELL_DEGREES],
      )
    ).rows;
    if (!cell) throw new Error(`the portal seeded no ${theme} features`);
    const sets = [];
    for (const zoom of zooms) {
      const blockZoom = zoom - Math.log2(BLOCK);
      const [block] = (
        await client.query(
          `SELECT x, y, count(*)::int AS n FROM (${SPOTS_PER_TILE}) t GROUP BY x, y
           HAVING bool_or(lon >= $3 AND lon < $3 + $5 AND lat >= $4 AND lat < $4 + $5)
           ORDER BY n DESC, x, y LIMIT 1`,
          [theme, 2 ** blockZoom, cell.lon, cell.lat, CELL_DEGREES],
        )
      ).rows;
      const x0 = block.x * BLOCK;
      const y0 = block.y * BLOCK;
      const [sample] = (
        await client.query(
          `SELECT x, y, count(*)::int AS n FROM (${SPOTS_PER_TILE}) t
           WHERE x BETWEEN $3 AND $3 + $5 - 1 AND y BETWEEN $4 AND $4 + $5 - 1
           GROUP BY x, y ORDER BY n DESC, x, y LIMIT 1`,
          [theme, 2 ** zoom, x0, y0, BLOCK],
        )
      ).rows;
      sets.push({ zoom, x0, y0, blockSpots: block.n, sample: (sample.y - y0) * BLOCK + (sample.x - x0), sampleSpots: sample.n });
    }
    return { cell, sets };
  } finally {
    await client.end();
  }
}

export function runMap2img(args) {
  return new Promise((resolve) => {
    const child = spawn('map2img', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', (error) => resolve({ ok: false, error: error.message }));
    child.on('exit', (code) => resolve({ ok: code === 0 && !/error/i.test(stderr), error: stderr.trim() || `exit ${code}` }));
  });
}

/** MapServer's rate: `workers` processes in a closed loop over the tiles, each drawing a tile DRAWS_PER_PROCESS times. */
export async function mapserverPhase({ file, layer, tiles, workers, seconds, out }) {
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
export async function comparePaint(a, b) {
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

export const percent = (r, digits = 0) => `${(r * 100).toFixed(digits)}%`;

/**
 * One set of tiles drawn by both: the portal's WMS over HTTP (`connections` at once) and map2img in `workers`
 * processes, after checking that both paint the sample tile alike; warmed up, then alternated in `rounds` slices
 * (A B, B A, …) so that noise of a shared machine falls on both alike. `set`: { kind, name, file, tiles, sample,
 * mapLayer, portal: { layer, cql, headers } }.
 */
export async function measureSet({ server, file, set, connections, seconds, warmupSeconds, rounds, workers, work, notes, log }) {
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
  // Its own benchmark makes the folder, but not every caller of measureSet (verification.mjs) on a fresh checkout.
  mkdirSync(RESULTS_DIR, { recursive: true });
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
  if (set.kind !== 'county' && Math.min(portalShare, msShare) / Math.max(portalShare, msShare) < SPOT_MIN_SHARE_RATIO)
    throw new Error(`${set.name}: the renderers paint different amounts of the sample tile (${painted})`);

  log(`${set.name}: ${tiles.length} tiles; portal over HTTP with ${connections} connections, then map2img in ${workers} processes`);
  // Warm both up, then alternate them in `rounds` slices (A B, B A, …) so that noise of a shared
  // machine falls on both alike.
  const target = new LoadTarget({ port: server.port, path: paths, connections, headers: set.portal.headers });
  const portalPhases = [];
  const msPhases = [];
  const msPhase = (secs, out) => mapserverPhase({ file, layer: set.mapLayer, tiles, workers, seconds: secs, out: path.join(work, out) });
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
  return { portal, mapserver, ratio: portal.rps / mapserver.rps, paint, painted };
}

export async function run({ seconds, warmupSeconds, rounds, connections, log }) {
  if (spawnSync('map2img', ['-v']).status !== 0) throw new Error('map2img not found (Debian: mapserver-bin)');
  const missing = postgresMissing();
  if (missing) throw new Error(missing);

  const notes = [];
  const rows = [];
  const details = { sets: [], cells: {} };
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

    // The dense feature layers: land cover's spot_meta and every other theme's feature layers, as declared.
    const allZooms = [...new Set([...SPOT_ZOOMS, ...THEME_ZOOMS])];
    const { themes } = declaredThemes(allZooms);
    const dense = themes.flatMap((theme) =>
      theme.id === SPOT_THEME
        ? theme.layers.filter((l) => l.name === SPOT_LAYER).map((layer) => ({ theme, layer, zooms: SPOT_ZOOMS }))
        : theme.layers.map((layer) => ({ theme, layer, zooms: THEME_ZOOMS })),
    );
    const featureSets = [];
    for (const { theme, layer, zooms } of dense) {
      const { cell, sets } = await densestPlaces(db, theme.id, zooms);
      details.cells[layer.name] = cell;
      const cql = themeCql(theme.id);
      notes.push(
        `${layer.name}: ${cell.total} ${theme.id} features (all batches); the densest ${CELL_DEGREES}° cell (${cell.lon}–${cell.lon + CELL_DEGREES}°E, ${cell.lat}–${cell.lat + CELL_DEGREES}°N, county ${cell.county}…) holds ${cell.n}; each set is the ${BLOCK}×${BLOCK} tile block with most features that reaches into it; portal CQL_FILTER "${cql}" as ${SPOT_USER}`,
      );
      for (const s of sets) featureSets.push({ theme, layer, zoom: s.zoom, place: s, cql });
    }

    const file = path.join(work, 'bench.map');
    const map = mapfile(db, featureSets);
    writeFileSync(file, map.text);

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
      ...featureSets.map(({ theme, layer, zoom, place, cql }, i) => ({
        // Land cover's sets keep their earlier names ("spots z10"), so results compare across runs.
        kind: layer.name,
        name: theme.id === SPOT_THEME ? `spots z${zoom}` : `${layer.name} z${zoom}`,
        file: theme.id === SPOT_THEME ? `spots-z${zoom}` : `${layer.name}-z${zoom}`,
        zoom,
        mapLayer: map.layerNames[i],
        tiles: tileBlock(zoom, place.x0, place.y0),
        portal: { layer: layer.name, cql, headers: { token } },
        sample: place.sample,
        spots: { block: place.blockSpots, sample: place.sampleSpots, x0: place.x0, y0: place.y0 },
      })),
    ];

    const worst = Object.fromEntries(sets.map((set) => [set.kind, { ratio: Infinity }]));
    for (const set of sets) {
      const { portal, mapserver, ratio, paint, painted } = await measureSet({
        server,
        file,
        set,
        connections,
        seconds,
        warmupSeconds,
        rounds,
        workers,
        work,
        notes,
        log,
      });
      if (ratio < worst[set.kind].ratio) worst[set.kind] = { ratio, name: set.name };
      rows.push({ label: `${set.name}: portal WMS (HTTP, PNG)`, ...portal, ratio, pass: ratio >= 1 });
      rows.push({ label: `${set.name}: MapServer map2img (draw only)`, ...mapserver });
      const spotCount = set.spots ? `; ${set.spots.block} features in the block, ${set.spots.sample} in the sample tile` : '';
      notes.push(
        `${set.name}: portal ${portal.rps.toFixed(0)} tiles/s vs MapServer ${mapserver.rps.toFixed(0)} draws/s (${percent(ratio)})${spotCount}; painted pixels of the sample tile: ${painted}`,
      );
      details.sets.push({
        kind: set.kind,
        name: set.name,
        load: os.loadavg(),
        zoom: set.zoom,
        mapLayer: set.mapLayer,
        tiles: set.tiles.length,
        spots: set.spots,
        portal,
        mapserver,
        ratio,
        painted: paint.shares,
        paintOverlap: paint.overlap,
      });
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
    notes.push(`sample tiles of both renderers: scripts/bench/results/wms-{county,spots,<layer>}-z*-{portal,mapserver}.png`);

    const overall = Object.values(worst).reduce((a, b) => (b.ratio < a.ratio ? b : a));
    const layerBudget = (kind, what) => ({
      text: `${what} alone ≥ MapServer`,
      summary: `slowest set ${worst[kind].name}: ${percent(worst[kind].ratio)} of MapServer`,
      pass: worst[kind].ratio >= 1,
    });
    return {
      rows,
      budget: {
        text: "WMS GetMap 256×256 of each dense layer (every theme's features, and the county layer) ≥ MapServer on the same PostGIS table",
        on: `portal, slowest set (${overall.name})`,
        value: overall.ratio,
        target: 1,
        versus: 'MapServer',
        pass: overall.ratio >= 1,
      },
      extraBudgets: [
        ...dense.map(({ theme, layer, zooms }) =>
          layerBudget(layer.name, `${theme.id} layer ${layer.name} (zooms ${zooms.join('/')}, signed in)`),
        ),
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
