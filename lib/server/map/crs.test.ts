import { lonLatToMercator, mercatorToLonLat, parseBbox, parseCrs, pixelProjector, pixelToLonLat } from './crs';
import { OwsError } from './ows';

describe('coordinate reference systems', () => {
  it('reads EPSG:4326 boxes in the axis order of each protocol', () => {
    const wms111 = parseBbox('115,39,118,42', parseCrs('EPSG:4326', false, 'SRS'));
    const wms130 = parseBbox('39,115,42,118', parseCrs('EPSG:4326', true, 'CRS'));
    const crs84 = parseBbox('115,39,118,42', parseCrs('CRS:84', true, 'CRS'));
    const urn = parseBbox('39,115,42,118', parseCrs('urn:ogc:def:crs:EPSG::4326', false, 'BBOX'));
    for (const box of [wms111, wms130, crs84, urn]) expect(box.lonLat).toEqual([115, 39, 118, 42]);
  });

  it('converts Web Mercator both ways, including the 900913 alias', () => {
    const [x, y] = lonLatToMercator(116.4, 39.9);
    const [lon, lat] = mercatorToLonLat(x, y);
    expect(lon).toBeCloseTo(116.4, 9);
    expect(lat).toBeCloseTo(39.9, 9);
    const box = parseBbox(`${x - 1000},${y - 1000},${x + 1000},${y + 1000}`, parseCrs('EPSG:900913', true, 'CRS'));
    expect(box.crs).toBe('EPSG:3857');
    expect(box.lonLat[0]).toBeLessThan(116.4);
    expect(box.lonLat[2]).toBeGreaterThan(116.4);
  });

  it('maps lon/lat to pixels and back', () => {
    const box = parseBbox('115,39,118,42', parseCrs('EPSG:4326', false, 'SRS'));
    expect(pixelProjector(box, 300, 300)(116.4, 39.9)).toEqual([expect.closeTo(140, 6), expect.closeTo(210, 6)]);
    const [lon, lat] = pixelToLonLat(box, 300, 300, 140, 210);
    expect(lon).toBeCloseTo(116.405, 3);
    expect(lat).toBeCloseTo(39.895, 3);
  });

  it('refuses unknown systems and malformed or inverted boxes', () => {
    expect(() => parseCrs('EPSG:2000', false, 'SRS')).toThrow(OwsError);
    const crs = parseCrs('EPSG:4326', false, 'SRS');
    for (const text of ['1,2,3', '1,2,3,x', '3,2,1,4', '0,0,0,0', '1e400,0,1,1', '0,-100,1,1', "1,2,3,4'--"]) {
      expect(() => parseBbox(text, crs)).toThrow(OwsError);
    }
  });
});
