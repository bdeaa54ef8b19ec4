import { baseLayerSources, ownTileUrl, tiandituTileUrl, wmsServiceUrl } from './config';

describe('map tile URLs', () => {
  it('builds our own WMTS template for each base layer', () => {
    expect(ownTileUrl('/map', 'vec')).toBe(
      '/map/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=cloudPlatform:region&STYLE=vec' +
        '&TILEMATRIXSET=EPSG:900913&TILEMATRIX=EPSG:900913:{z}&TILEROW={y}&TILECOL={x}&FORMAT=image/png',
    );
    expect(ownTileUrl('https://gis.example.org/geoserver/', 'img')).toContain('https://gis.example.org/geoserver/gwc/service/wmts?');
    expect(ownTileUrl('/map', 'img')).toContain('&STYLE=img&');
  });

  it('builds the Tianditu template with subdomain, layer and key', () => {
    expect(tiandituTileUrl('cva', 'abc123')).toBe(
      'https://t{s}.tianditu.gov.cn/cva_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=cva' +
        '&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=abc123',
    );
  });

  it('points WMS overlays at the cloudPlatform workspace', () => {
    expect(wmsServiceUrl('/map/')).toBe('/map/cloudPlatform/wms');
  });
});

describe('baseLayerSources', () => {
  it('uses our own tiles without a Tianditu key (offline default)', () => {
    for (const key of [null, '', '  ']) {
      const sources = baseLayerSources({ serviceBase: '/map', tiandituKey: key }, 'vec', 'zh');
      expect(sources).toHaveLength(1);
      expect(sources[0]).toMatchObject({ url: ownTileUrl('/map', 'vec'), provider: 'own', role: 'base', subdomains: [] });
    }
  });

  it('uses Tianditu base + Chinese annotations with a key', () => {
    const config = { serviceBase: '/map', tiandituKey: 'k' };
    const layer = (url: string) => /LAYER=(\w+)/.exec(url)?.[1];
    expect(baseLayerSources(config, 'vec', 'zh').map((s) => [layer(s.url), s.role])).toEqual([
      ['vec', 'base'],
      ['cva', 'labels'],
    ]);
    expect(baseLayerSources(config, 'img', 'zh').map((s) => layer(s.url))).toEqual(['img', 'cia']);
    expect(baseLayerSources(config, 'img', 'zh')[0]!.subdomains).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
  });

  it('uses English annotations on English pages', () => {
    const config = { serviceBase: '/map', tiandituKey: 'k' };
    expect(baseLayerSources(config, 'vec', 'en')[1]!.url).toContain('/eva_w/');
    expect(baseLayerSources(config, 'img', 'en')[1]!.url).toContain('/eia_w/');
  });
});
