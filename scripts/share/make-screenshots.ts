/**
 * Makes the screenshots of the software pages (data/share/screenshots/*.webp) from a running portal:
 * real output of its map services and of the tools on the pages (GDAL, the Python scripts), drawings
 * of the files' content, each labelled as an illustration. Needs gdal-bin and python3.
 *
 *   PORTAL=http://localhost:3000 npx tsx scripts/share/make-screenshots.ts
 *
 * Commit the results; the share seed stores them as files.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCanvas, loadImage, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';

const PORTAL = (process.env.PORTAL ?? 'http://localhost:3000').replace(/\/+$/, '');
const OUT = path.join(process.cwd(), 'data/share/screenshots');
const FILES = path.join(process.cwd(), 'data/share/files');
const WIDTH = 1200;
const MONO = '"DejaVu Sans Mono", "Noto Sans Mono CJK SC", monospace';
const work = mkdtempSync(path.join(os.tmpdir(), 'share-shots-'));

function save(name: string, canvas: Canvas) {
  writeFileSync(path.join(OUT, `${name}.webp`), canvas.toBuffer('image/webp', 82));
  console.log(`${name}.webp ${canvas.width}×${canvas.height}`);
}

/** A caption bar along the bottom that says what the picture is. */
function label(ctx: SKRSContext2D, width: number, height: number, text: string) {
  ctx.fillStyle = 'rgba(4, 53, 138, 0.92)';
  ctx.fillRect(0, height - 34, width, 34);
  ctx.fillStyle = '#ffffff';
  ctx.font = '15px "Noto Sans CJK SC", sans-serif';
  ctx.fillText(text, 14, height - 12);
}

/** Lines of text drawn like a terminal or an editor. */
function textImage(name: string, title: string, lines: string[], dark: boolean) {
  const shown = lines.slice(0, 34).map((l) => (l.length > 110 ? `${l.slice(0, 107)}…` : l));
  const height = 64 + shown.length * 21 + 50;
  const canvas = createCanvas(WIDTH, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = dark ? '#1e2329' : '#f8f9fa';
  ctx.fillRect(0, 0, WIDTH, height);
  ctx.fillStyle = dark ? '#2d333b' : '#e9ecef';
  ctx.fillRect(0, 0, WIDTH, 40);
  for (const [i, colour] of ['#ff5f57', '#febc2e', '#28c840'].entries()) {
    ctx.fillStyle = colour;
    ctx.beginPath();
    ctx.arc(22 + i * 22, 20, 6, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.fillStyle = dark ? '#adbac7' : '#495057';
  ctx.font = `14px ${MONO}`;
  ctx.fillText(title, 100, 25);
  ctx.font = `15px ${MONO}`;
  shown.forEach((line, i) => {
    ctx.fillStyle = dark ? (line.startsWith('$') ? '#8ddb8c' : '#d1d7e0') : line.trimStart().startsWith('<!--') ? '#6a737d' : '#24292f';
    ctx.fillText(line, 20, 68 + i * 21);
  });
  label(ctx, WIDTH, height, 'Illustration / 示意图 — demo content of the Satellite RS Cloud portal');
  save(name, canvas);
}

function run(command: string, args: string[], cwd = work): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', timeout: 180_000, env: { ...process.env, GDAL_HTTP_TIMEOUT: '30' } });
}

async function imageShot(name: string, png: Buffer, caption: string) {
  const image = await loadImage(png);
  const scale = Math.min(1, WIDTH / image.width);
  const width = Math.round(image.width * scale);
  const height = Math.round(image.height * scale) + 34;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(image, 0, 0, width, height - 34);
  label(ctx, width, height, caption);
  save(name, canvas);
}

/** The bytes of a software page's file, downloaded through a signed link as a visitor would. */
async function softwareFile(slug: string): Promise<Buffer> {
  const page = (await (await fetch(`${PORTAL}/api/share/v2/shareinfo-v2?category=software&pageSize=50`)).json()) as {
    data: { list: { id: string; slug: string }[] };
  };
  const item = page.data.list.find((i) => i.slug === slug);
  if (!item) throw new Error(`no software page ${slug}`);
  const link = (await (await fetch(`${PORTAL}/api/share/v2/sign/download/${item.id}`)).json()) as { data: { url: string } };
  return Buffer.from(await (await fetch(`${PORTAL}${link.data.url}`)).arrayBuffer());
}

async function main() {
  // 1. The region layer as the WMS draws it (what QGIS shows after importing the connection file).
  const wms = `${PORTAL}/map/cloudPlatform/wms?SERVICE=WMS&VERSION=1.1.1&REQUEST=GetMap&LAYERS=cloudPlatform:global_region,cloudPlatform:region&STYLES=&SRS=EPSG:4326&BBOX=72,16,136,54&WIDTH=1200&HEIGHT=712&FORMAT=image/png&CQL_FILTER=INCLUDE;level%3D%27province%27`;
  const map = Buffer.from(await (await fetch(wms)).arrayBuffer());
  await imageShot('qgis-connections', map, 'Illustration / 示意图 — WMS GetMap: cloudPlatform:region (provinces)');

  // 2. gdal_translate through the GDAL description file from the portal.
  writeFileSync(path.join(work, 'gdal.zip'), await softwareFile('gdal-service-descriptions'));
  run('unzip', ['-o', '-q', 'gdal.zip']);
  run('gdal_translate', [
    '-q',
    '-of',
    'PNG',
    '-projwin',
    '113.5',
    '42.5',
    '119.5',
    '38.5',
    '-outsize',
    '1200',
    '0',
    'rscloud-region-wms.xml',
    'beijing.png',
  ]);
  await imageShot(
    'gdal-service-descriptions',
    readFileSync(path.join(work, 'beijing.png')),
    'Illustration / 示意图 — gdal_translate rscloud-region-wms.xml (113.5–119.5°E, 38.5–42.5°N)',
  );

  // 3. Style files and generated documents: their content.
  textImage(
    'region-sld-style',
    'rscloud-region.sld',
    readFileSync(path.join(FILES, 'rscloud-region.sld'), 'utf8').split('\n').slice(0, 34),
    false,
  );
  textImage(
    'region-qml-style',
    'rscloud-region.qml',
    readFileSync(path.join(FILES, 'rscloud-region.qml'), 'utf8').split('\n').slice(6, 40),
    false,
  );
  const openapi = (await (await fetch(`${PORTAL}/api/openapi.json`)).text()).slice(0, 20000);
  textImage(
    'openapi-description',
    'rscloud-openapi.json',
    JSON.stringify(JSON.parse(`${openapi.split('"paths"')[0]}"paths":{}}`), null, 2).split('\n'),
    false,
  );
  const postman = (await softwareFile('postman-collection')).toString('utf8').split('\n');
  textImage('postman-collection', 'rscloud-postman-collection.json', postman.slice(0, 34), false);

  // 4. The Python tools, run against the portal.
  const client = path.join(FILES, 'rscloud_client.py');
  const news = run('python3', [client, '--base-url', PORTAL, 'news', '--type', '1', '--size', '6']);
  const regions = run('python3', [client, '--base-url', PORTAL, 'regions', '130000']);
  textImage(
    'python-api-client',
    'python3 rscloud_client.py',
    [
      `$ python3 rscloud_client.py news --type 1 --size 6`,
      ...news.trim().split('\n'),
      '',
      `$ python3 rscloud_client.py regions 130000`,
      ...regions.trim().split('\n'),
    ],
    true,
  );
  const sync = run('python3', [path.join(FILES, 'rscloud_share_sync.py'), path.join(work, 'mirror'), '--base-url', PORTAL]);
  textImage(
    'share-sync',
    'python3 rscloud_share_sync.py ./mirror',
    ['$ python3 rscloud_share_sync.py ./mirror', ...sync.trim().split('\n')],
    true,
  );

  // 5. The boundary package, drawn from its own GeoJSON.
  writeFileSync(path.join(work, 'regions.zip'), await softwareFile('region-boundary-package'));
  run('unzip', ['-o', '-q', 'regions.zip']);
  const geo = JSON.parse(readFileSync(path.join(work, 'provinces-lo.geojson'), 'utf8')) as {
    features: { properties: { name: string }; geometry: { coordinates: number[][][][] } }[];
  };
  const canvas = createCanvas(WIDTH, 860);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#eef4fa';
  ctx.fillRect(0, 0, WIDTH, 860);
  const [west, south, east, north] = [72, 3, 136, 54];
  const k = Math.min(WIDTH / (east - west), 826 / ((north - south) * 1.15));
  const x = (lon: number) => (lon - west) * k + (WIDTH - (east - west) * k) / 2;
  const y = (lat: number) => (north - lat) * k * 1.15;
  geo.features.forEach((feature, i) => {
    ctx.beginPath();
    for (const polygon of feature.geometry.coordinates)
      for (const ring of polygon) ring.forEach(([lon, lat], j) => (j ? ctx.lineTo(x(lon!), y(lat!)) : ctx.moveTo(x(lon!), y(lat!))));
    ctx.fillStyle = `hsl(${(i * 47) % 360}, 45%, 82%)`;
    ctx.fill('evenodd');
    ctx.strokeStyle = '#1864ab';
    ctx.lineWidth = 1;
    ctx.stroke();
  });
  label(ctx, WIDTH, 860, `Illustration / 示意图 — provinces-lo.geojson: ${geo.features.length} features drawn from the package`);
  save('region-boundary-package', canvas);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(work, { recursive: true, force: true }));
