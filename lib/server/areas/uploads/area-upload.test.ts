import { zipSync } from 'fflate';
import { featureCollection, metresBetween, shapefileMembers, shapefileZip, square, zipOf } from '../../../../tests/support/area-files';
import { readAreaFile } from './read';
import { UploadRefused, type Refusal } from './refusal';
import { multiPolygonArea, simplifyToLimit, vertexTotal, type MultiPolygonCoordinates } from './simplify';
import { closeRings } from './prepare';
import { displayName } from './store';

/** A known vertex, not on any zone's central meridian, so the projection really works on it. */
const KNOWN: [number, number] = [116.391275, 39.907358];
const triangle = {
  type: 'Polygon',
  coordinates: [[KNOWN, [116.5, 39.9], [116.45, 40.0], KNOWN]],
};

async function refusal(name: string, bytes: Uint8Array): Promise<Refusal | 'accepted'> {
  try {
    await readAreaFile(name, bytes);
    return 'accepted';
  } catch (error) {
    if (error instanceof UploadRefused) return error.reason;
    throw error;
  }
}

describe('reprojection of shapefiles to WGS84 (.prj read)', () => {
  it.each([
    [4527, 'CGCS2000_3_Degree_GK_Zone_39'],
    [4548, 'CGCS2000_3_Degree_GK_CM_117E'],
    [3857, 'WGS_1984_Web_Mercator_Auxiliary_Sphere'],
    [4490, 'GCS_China_Geodetic_Coordinate_System_2000'],
  ])('EPSG:%i gives back the known vertex within 1 m', async (epsg, crsName) => {
    const zip = shapefileZip(featureCollection(triangle), epsg);
    const area = await readAreaFile('block.zip', zip);
    expect(area.crs.name).toBe(crsName);
    expect(area.features).toBe(1);
    const positions = area.polygons.flat(2) as unknown as [number, number][];
    const nearest = Math.min(...positions.map((p) => metresBetween(p, KNOWN)));
    expect(nearest).toBeLessThan(1);
    // And the projected coordinates really were projected (not already degrees).
    if (epsg !== 4490) expect(area.crs.transform).not.toBeNull();
  });

  it('reads GeoJSON, KML and KMZ in WGS84', async () => {
    const geojson = new TextEncoder().encode(JSON.stringify(featureCollection(square(100, 30, 1), { type: 'Point', coordinates: [1, 2] })));
    const fromJson = await readAreaFile('a.geojson', geojson);
    expect(fromJson.polygons).toHaveLength(1);
    expect(fromJson.features).toBe(1);
    const kml = `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>块</name>
      <Polygon><outerBoundaryIs><LinearRing><coordinates>100,30 101,30 101,31 100,31 100,30</coordinates></LinearRing></outerBoundaryIs></Polygon>
      </Placemark></Document></kml>`;
    const fromKml = await readAreaFile('a.kml', new TextEncoder().encode(kml));
    expect(fromKml.polygons[0]![0]).toEqual(square(100, 30, 1).coordinates[0]);
    const fromKmz = await readAreaFile('a.KMZ', zipOf({ 'doc.kml': kml }));
    expect(fromKmz.polygons[0]![0]).toEqual(square(100, 30, 1).coordinates[0]);
    expect(fromKmz.format).toBe('kmz');
  });

  it('reads a GeoJSON crs member (Web Mercator)', async () => {
    const [x, y] = [12957000, 4852000];
    const json = {
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3857' } },
      features: [{ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[[x, y], [x + 1000, y], [x, y + 1000], [x, y]]] } }],
    };
    const area = await readAreaFile('m.json', new TextEncoder().encode(JSON.stringify(json)));
    const [lon, lat] = area.polygons[0]![0]![0]!;
    expect(lon).toBeCloseTo(116.393, 2);
    expect(lat).toBeCloseTo(39.904, 2);
  });
});

describe('refusals, each with its reason', () => {
  const polygons = featureCollection(square(116, 39, 0.5));
  const members = () => shapefileMembers(polygons, 4490, 'area');
  const without = (ext: string) => Object.fromEntries(Object.entries(members()).filter(([k]) => !k.endsWith(ext)));

  it('classifies every refused file', async () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(await refusal('area.txt', text('hello'))).toBe('wrongType');
    expect(await refusal('area.shp', members()['area.shp']!)).toBe('wrongType');
    expect(await refusal('a.geojson', text(JSON.stringify(featureCollection({ type: 'LineString', coordinates: [[1, 2], [3, 4]] }))))).toBe('noPolygons');
    expect(await refusal('a.geojson', text('{"type":'))).toBe('unreadable');
    expect(await refusal('a.zip', text('not a zip at all'))).toBe('unreadable');
    expect(await refusal('a.zip', zipOf(without('.shp')))).toBe('missingShp');
    expect(await refusal('a.zip', zipOf(without('.shx')))).toBe('missingShx');
    expect(await refusal('a.zip', zipOf(without('.dbf')))).toBe('missingDbf');
    expect(await refusal('a.zip', zipOf({ ...without('.prj'), 'area.prj': 'this is not WKT' }))).toBe('badPrj');
    expect(await refusal('a.zip', zipOf({ ...without('.prj'), 'area.prj': 'PROJCS["x",GEOGCS["y"],PROJECTION["No_Such_Projection"]]' }))).toBe('badPrj');
    expect(await refusal('a.kmz', zipOf({ 'readme.txt': 'no kml here' }))).toBe('missingKml');
    // A projected shapefile without its .prj: coordinates are metres, not degrees, and nothing is guessed.
    const gk = Object.fromEntries(Object.entries(shapefileMembers(polygons, 4527)).filter(([k]) => !k.endsWith('.prj')));
    expect(await refusal('a.zip', zipOf(gk))).toBe('notLonLat');
    // Degrees without .prj are taken as WGS84.
    expect(await refusal('a.zip', zipOf(without('.prj')))).toBe('accepted');
    expect(await refusal('a.zip', zipOf(members()))).toBe('accepted');
    expect(await refusal('big.geojson', new Uint8Array(20 * 1024 * 1024 + 1))).toBe('tooLarge');
  });

  it('refuses zip bombs by declared size and by what really inflates', async () => {
    const zeros = new Uint8Array(51 * 1024 * 1024);
    const declared = zipSync({ 'area.shp': zeros, 'area.shx': new Uint8Array(10), 'area.dbf': new Uint8Array(10) }, { level: 9 });
    expect(declared.length).toBeLessThan(1024 * 1024);
    expect(await refusal('bomb.zip', declared)).toBe('zipBomb');
    // The same bomb declaring a small size in its central directory and local header: caught while inflating.
    const lying = declared.slice();
    const view = new DataView(lying.buffer);
    for (let i = 0; i < lying.length - 4; i++) {
      const sig = view.getUint32(i, true);
      if (sig === 0x02014b50 && view.getUint32(i + 24, true) === zeros.length) view.setUint32(i + 24, 1000, true);
      if (sig === 0x04034b50 && view.getUint32(i + 22, true) === zeros.length) view.setUint32(i + 22, 1000, true);
    }
    expect(await refusal('bomb.zip', lying)).toBe('zipBomb');
  });
});

describe('ring repair before the database', () => {
  it('closes open rings and drops rings too short to be polygons, and says so', () => {
    const open: [number, number][][] = [[[0, 0], [1, 0], [1, 1], [0, 1]]];
    const result = closeRings([open, [[[5, 5], [6, 6], [5, 5]]]]);
    expect(result.changed).toBe(true);
    expect(result.polygons).toEqual([[[[0, 0], [1, 0], [1, 1], [0, 1], [0, 0]]]]);
    expect(closeRings([square(0, 0, 1).coordinates as [number, number][][]]).changed).toBe(false);
  });

  it('shows only the base name of the file', () => {
    expect(displayName('C:\\data\\县界\u0007.zip')).toBe('县界.zip');
    expect(displayName('x'.repeat(300)).length).toBe(255);
  });
});

describe('simplification within 0.1 % of the area', () => {
  /** A wiggly circle of `n` vertices: small noise on the radius, like a digitised boundary. */
  function wigglyCircle(n: number, noise: number): MultiPolygonCoordinates {
    const ring: [number, number][] = [];
    for (let i = 0; i < n; i++) {
      const a = (2 * Math.PI * i) / n;
      const r = 0.5 * (1 + noise * Math.sin(i * 7.3) * Math.sin(i * 0.91));
      ring.push([110 + r * Math.cos(a), 30 + r * Math.sin(a)]);
    }
    ring.push(ring[0]!);
    return [[ring]];
  }

  it('brings 120,000 vertices under 100,000 and keeps the area within 0.1 %', () => {
    const circle = wigglyCircle(120_000, 0.0005);
    const result = simplifyToLimit(circle, 100_000, 0.001);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.vertices).toBeLessThanOrEqual(100_000);
    expect(vertexTotal(result.coordinates)).toBe(result.vertices);
    const change = Math.abs(multiPolygonArea(result.coordinates) - multiPolygonArea(circle)) / multiPolygonArea(circle);
    expect(change).toBeLessThanOrEqual(0.001);
  });

  it('leaves an area under the limit untouched and refuses one that cannot get there within 0.1 %', () => {
    const small = wigglyCircle(1000, 0.001);
    expect(simplifyToLimit(small, 100_000, 0.001)).toMatchObject({ ok: true, vertices: 1001, areaChange: 0 });
    // A saw-tooth with deep teeth: dropping teeth changes the area by far more than 0.1 %.
    const result = simplifyToLimit(wigglyCircle(20_000, 0.2), 1_000, 0.001);
    expect(result.ok).toBe(false);
    expect(result.vertices).toBeGreaterThan(1_000);
  });
});
