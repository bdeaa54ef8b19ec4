/**
 * Every restricted map layer answers each service as the spot API does: without the layer's permission
 * nothing, with it only the caller's area ranges. "Nothing" is the same everywhere: a transparent image
 * (WMS GetMap, WMTS GetTile), an empty FeatureCollection (WFS GetFeature, WMS GetFeatureInfo).
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { GET as spotsGet } from '../../app/api/spot/v2/spotmeta/route';
import { GET as wfsGet } from '../../app/map/cloudPlatform/wfs/route';
import { GET as wmsGet } from '../../app/map/cloudPlatform/wms/route';
import { GET as wmtsGet } from '../../app/map/gwc/service/wmts/route';
import { createSession } from '../../lib/server/session';
import { allLayers } from '../../lib/server/map/layers';
import { PERMISSIONS } from '../../lib/shared/permissions';
import { THEMES } from '../../lib/shared/themes';
import { call, withTestDatabase } from '../support/api';

const db = withTestDatabase();

const RESTRICTED = ['spot_meta', 'spot_meta_v2', 'spot_meta_style_spot_type', 'grid_statistics_default'] as const;

/** Every other declared theme's layers, with the table their rows come from (features and grid cells, or suitability zones). */
const THEME_LAYERS = THEMES.filter((t) => t.id !== 'landcover').flatMap((theme) => [
  ...theme.layers.features.map((l) => ({ theme: theme.id, layer: l.name, table: 'spots' as const })),
  ...(theme.layers.grid ? [{ theme: theme.id, layer: theme.layers.grid, table: 'spots' as const }] : []),
  ...(theme.layers.zones ? [{ theme: theme.id, layer: theme.layers.zones.name, table: 'theme_zones' as const }] : []),
]);

/** Rate-grid themes' layers (surface deformation, ADR 0015): the rate cells and the product frames. */
const RATE_LAYERS = THEMES.flatMap((t) => (t.rateGrid ? [t.rateGrid.rateLayer, t.rateGrid.productLayer] : []));

interface Place {
  code: string;
  lon: number;
  lat: number;
}

async function tokenOf(username: string): Promise<string> {
  const [user] = await db().query<{ id: string }>('SELECT id::text AS id FROM users WHERE username = $1', [username]);
  return (await createSession(db(), user!.id, { ip: 'test', userAgent: null })).token;
}

/** A spot's county and the point inside it. */
async function spotIn(prefix: string): Promise<Place> {
  const [row] = await db().query<Place>(
    `SELECT xzqdm AS code, ST_X(center) AS lon, ST_Y(center) AS lat FROM spots WHERE theme = 'landcover' AND xzqdm LIKE $1 ORDER BY id LIMIT 1`,
    [`${prefix}%`],
  );
  if (!row) throw new Error(`no seeded spot in ${prefix}`);
  return row;
}

async function get(handler: (r: Request) => Promise<Response>, path: string, token: string) {
  const response = await handler(new Request(`http://localhost:3000${path}`, { headers: { token } }));
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: Buffer.from(await response.arrayBuffer()) };
}

/** Pixels an image paints (alpha > 0). */
async function paintedPixels(png: Buffer): Promise<number> {
  const image = await loadImage(png);
  const ctx = createCanvas(image.width, image.height).getContext('2d');
  ctx.drawImage(image, 0, 0);
  const data = ctx.getImageData(0, 0, image.width, image.height).data;
  let painted = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++;
  return painted;
}

const box = (p: Place, half: number) => `${p.lon - half},${p.lat - half},${p.lon + half},${p.lat + half}`;

/** What each service shows a caller of one layer at one place: painted pixels or feature counts. */
async function observe(layer: string, place: Place, token: string) {
  const getMap = await get(
    wmsGet,
    `/map/cloudPlatform/wms?SERVICE=WMS&REQUEST=GetMap&VERSION=1.1.1&LAYERS=cloudPlatform:${layer}&STYLES=&SRS=EPSG:4326&BBOX=${box(place, 0.0005)}&WIDTH=64&HEIGHT=64&FORMAT=image/png&TRANSPARENT=TRUE`,
    token,
  );
  expect(getMap.type).toBe('image/png');
  const info = await get(
    wmsGet,
    `/map/cloudPlatform/wms?SERVICE=WMS&REQUEST=GetFeatureInfo&VERSION=1.1.1&LAYERS=cloudPlatform:${layer}&QUERY_LAYERS=cloudPlatform:${layer}&STYLES=&SRS=EPSG:4326&BBOX=${box(place, 0.001)}&WIDTH=101&HEIGHT=101&X=50&Y=50&INFO_FORMAT=application/json&FEATURE_COUNT=5`,
    token,
  );
  expect(info.status).toBe(200);
  const cql = encodeURIComponent(`xzqdm = '${place.code}'`);
  const wfs = await get(
    wfsGet,
    `/map/cloudPlatform/wfs?SERVICE=WFS&REQUEST=GetFeature&TYPENAMES=cloudPlatform:${layer}&OUTPUTFORMAT=application/json&COUNT=20&CQL_FILTER=${cql}`,
    token,
  );
  expect(wfs.status).toBe(200);
  const zoom = 16;
  const n = 2 ** zoom;
  const col = Math.floor(((place.lon + 180) / 360) * n);
  const latRad = (place.lat * Math.PI) / 180;
  const row = Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * n);
  const tile = await get(
    wmtsGet,
    `/map/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=cloudPlatform:${layer}&STYLE=&TILEMATRIXSET=EPSG:900913&TILEMATRIX=EPSG:900913:${zoom}&TILEROW=${row}&TILECOL=${col}&FORMAT=image/png`,
    token,
  );
  expect(tile.type).toBe('image/png');
  const features = JSON.parse(wfs.body.toString()) as { numberMatched: number; features: { properties: { xzqdm: string } }[] };
  return {
    getMap: await paintedPixels(getMap.body),
    getFeatureInfo: (JSON.parse(info.body.toString()) as { features: unknown[] }).features.length,
    wfs: features.numberMatched,
    wfsCodes: features.features.map((f) => f.properties.xzqdm),
    wmts: await paintedPixels(tile.body),
  };
}

const SERVICE_OF = { WMTS: wmtsGet, WMS: wmsGet, WFS: wfsGet } as const;

/** The layer names (without workspace) a capabilities document lists to a caller (no token: anonymous). */
async function capabilities(query: string, token?: string) {
  const service = /SERVICE=(\w+)/.exec(query)![1] as keyof typeof SERVICE_OF;
  const response = await SERVICE_OF[service](new Request(`http://localhost:3000/map/x?${query}`, { headers: token ? { token } : {} }));
  expect(response.status).toBe(200);
  const xml = await response.text();
  const tag = service === 'WMTS' ? /<Layer>.*?<ows:Identifier>cloudPlatform:(\w+)<\/ows:Identifier>/g : /<Name>cloudPlatform:(\w+)<\/Name>/g;
  return { listed: [...xml.matchAll(tag)].map((m) => m[1]!), cacheControl: response.headers.get('cache-control') ?? '' };
}

const NOTHING = { getMap: 0, getFeatureInfo: 0, wfs: 0, wfsCodes: [], wmts: 0 };

describe('restricted map layers (permission and area ranges, every service)', () => {
  let own: Place;
  let other: Place;
  let admin: string;
  let city: string;
  let personal: string;

  beforeAll(async () => {
    own = await spotIn('1301'); // demo-city's range: Shijiazhuang
    other = await spotIn('11'); // Beijing
    admin = await tokenOf('demo-admin');
    city = await tokenOf('demo-city');
    // A signed-in user with an area range but without the land-cover permission.
    await db().query(`INSERT INTO area_ranges (user_id, region_id) SELECT id, '130100' FROM users WHERE username = 'demo-personal'`);
    personal = await tokenOf('demo-personal');
  });

  it('declares its theme’s permission and an area-range rule on every theme layer', () => {
    const restricted = allLayers().filter((l) => l.access.kind === 'restricted');
    expect(restricted.map((l) => l.name).sort()).toEqual([...RESTRICTED, ...THEME_LAYERS.map((l) => l.layer), ...RATE_LAYERS].sort());
    for (const layer of restricted.filter((l) => !RATE_LAYERS.includes(l.name))) {
      const theme = THEMES.find((t) =>
        [...t.layers.features.map((f) => f.name), t.layers.grid, t.layers.zones?.name].includes(layer.name),
      )!;
      expect(layer.access).toMatchObject({ permission: theme.permission, regionCode: expect.any(String) });
    }
    expect(THEMES.find((t) => t.id === 'landcover')!.permission).toBe(PERMISSIONS.LANDCOVER);
  });

  it('gives the API answer to a user without the permission: 403 there, nothing from the map services', async () => {
    const api = await call(spotsGet, '/api/spot/v2/spotmeta', { headers: { token: personal } });
    expect(api.status).toBe(403);
  });

  it.each(RESTRICTED)('%s: no permission → nothing; another region → nothing; own region → features', async (layer) => {
    // The places hold features: an administrator sees both.
    for (const place of [own, other]) {
      const seen = await observe(layer, place, admin);
      expect(seen.getMap).toBeGreaterThan(0);
      expect(seen.getFeatureInfo).toBeGreaterThan(0);
      expect(seen.wfs).toBeGreaterThan(0);
      expect(seen.wmts).toBeGreaterThan(0);
    }

    expect(await observe(layer, own, personal)).toEqual(NOTHING);
    expect(await observe(layer, other, personal)).toEqual(NOTHING);

    expect(await observe(layer, other, city)).toEqual(NOTHING);

    const mine = await observe(layer, own, city);
    expect(mine.getMap).toBeGreaterThan(0);
    expect(mine.getFeatureInfo).toBeGreaterThan(0);
    expect(mine.wfs).toBeGreaterThan(0);
    expect(mine.wfsCodes.length).toBeGreaterThan(0);
    expect(mine.wfsCodes.every((code) => code === own.code)).toBe(true);
    expect(mine.wmts).toBeGreaterThan(0);
  });

  it('lists in every capabilities document only the layers the caller may read (issue 32.6)', async () => {
    const restricted = allLayers()
      .filter((l) => l.access.kind === 'restricted')
      .map((l) => l.name);
    expect(restricted.length).toBeGreaterThan(RESTRICTED.length);
    for (const query of ['SERVICE=WMTS&REQUEST=GetCapabilities', 'SERVICE=WMS&REQUEST=GetCapabilities', 'SERVICE=WFS&REQUEST=GetCapabilities']) {
      const anonymous = await capabilities(query);
      expect(anonymous.listed).toContain('region');
      expect(anonymous.listed.filter((name) => restricted.includes(name))).toEqual([]);
      expect(anonymous.cacheControl).toMatch(/^public/);
      // Without the land-cover permission: none of its layers.
      const noPermission = await capabilities(query, personal);
      for (const layer of RESTRICTED) expect(noPermission.listed).not.toContain(layer);
      const permitted = await capabilities(query, city);
      for (const layer of RESTRICTED) expect(permitted.listed).toContain(layer);
      // What a signed-in caller is shown is theirs alone.
      expect(permitted.cacheControl).toMatch(/^private/);
      expect((await capabilities(query, admin)).listed).toEqual(expect.arrayContaining([...RESTRICTED]));
    }
  });

  it('shows a permitted user nothing once their last area range is gone (never everything)', async () => {
    const [user] = await db().query<{ id: string }>("SELECT id::text AS id FROM users WHERE username = 'demo-city'");
    await db().query('UPDATE area_ranges SET status = 1 WHERE user_id = $1', [user!.id]);
    try {
      for (const layer of RESTRICTED) expect(await observe(layer, own, city)).toEqual(NOTHING);
      const listed = (await capabilities('SERVICE=WMTS&REQUEST=GetCapabilities', city)).listed;
      for (const layer of RESTRICTED) expect(listed).not.toContain(layer);
    } finally {
      await db().query('UPDATE area_ranges SET status = 0 WHERE user_id = $1', [user!.id]);
    }
  });
});

describe('the other themes’ layers (each its own permission; a Hebei user sees nothing outside Hebei)', () => {
  /** A feature (or zone) of the theme: inside Hebei, or the first one outside it. */
  async function placeOf(theme: string, table: 'spots' | 'theme_zones', inHebei: boolean): Promise<Place> {
    const point = table === 'spots' ? 'center' : 'ST_PointOnSurface(geom)';
    const [row] = await db().query<Place>(
      `SELECT xzqdm AS code, ST_X(${point}) AS lon, ST_Y(${point}) AS lat FROM ${table}
       WHERE theme = $1 AND (xzqdm LIKE '13%') = $2 ${table === 'spots' ? "AND stage <> '3'" : ''} ORDER BY id LIMIT 1`,
      [theme, inHebei],
    );
    if (!row) throw new Error(`no seeded ${theme} row ${inHebei ? 'in' : 'outside'} Hebei`);
    return row;
  }

  it.each(THEME_LAYERS)('$layer: without $theme’s permission nothing; a Hebei user only Hebei', async ({ theme, layer, table }) => {
    const admin = await tokenOf('demo-admin');
    const hebei = await tokenOf('demo-hebei'); // every theme permission, range 130000
    const city = await tokenOf('demo-city'); // land cover only
    const own = await placeOf(theme, table, true);
    const other = await placeOf(theme, table, false);
    for (const place of [own, other]) expect((await observe(layer, place, admin)).wfs).toBeGreaterThan(0);
    expect(await observe(layer, own, city)).toEqual(NOTHING);
    expect(await observe(layer, other, hebei)).toEqual(NOTHING);
    const mine = await observe(layer, own, hebei);
    expect(mine.getMap).toBeGreaterThan(0);
    expect(mine.wfs).toBeGreaterThan(0);
    expect(mine.wfsCodes.every((code) => code.startsWith('13'))).toBe(true);
    expect(mine.wmts).toBeGreaterThan(0);
  });
});

describe('the surface deformation rate layer (MOD_076; a Hebei user sees only Hebei’s cells)', () => {
  async function cellIn(prefix: string): Promise<Place> {
    const [row] = await db().query<Place>(
      `SELECT xzqdm AS code, ST_X(ST_Centroid(geom)) AS lon, ST_Y(ST_Centroid(geom)) AS lat FROM deform_cells
        WHERE xzqdm LIKE $1 ORDER BY rate LIMIT 1`,
      [`${prefix}%`],
    );
    if (!row) throw new Error(`no rate cell in ${prefix}`);
    return row;
  }

  it('answers holders of MOD_076 within their range only, on every service', async () => {
    const layer = THEMES.find((t) => t.rateGrid)!.rateGrid!.rateLayer;
    const admin = await tokenOf('demo-admin');
    const hebei = await tokenOf('demo-hebei');
    const city = await tokenOf('demo-city'); // land cover only
    const cangzhou = await cellIn('1309');
    const beijing = await cellIn('11');
    for (const place of [cangzhou, beijing]) expect((await observe(layer, place, admin)).wfs).toBeGreaterThan(0);
    expect(await observe(layer, cangzhou, city)).toEqual(NOTHING);
    expect(await observe(layer, beijing, hebei)).toEqual(NOTHING);
    const mine = await observe(layer, cangzhou, hebei);
    expect(mine.getMap).toBeGreaterThan(0);
    expect(mine.getFeatureInfo).toBeGreaterThan(0);
    expect(mine.wfs).toBeGreaterThan(0);
    expect(mine.wfsCodes.every((code) => code.startsWith('13'))).toBe(true);
    expect(mine.wmts).toBeGreaterThan(0);
  });
});
