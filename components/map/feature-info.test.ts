import { featureInfoUrl, MAX_FEATURES_SHOWN, parseFeatureInfo } from './feature-info';

const layer = { id: 'spots', title: 'Spots', layers: 'cloudPlatform:spot_meta', cqlFilter: "xzqdm LIKE '1303%' AND stage = 2" };
const view = { bbox: [1, 2, 3, 4] as [number, number, number, number], width: 800.4, height: 600, x: 10.6, y: 20.2 };

describe('featureInfoUrl', () => {
  it('asks the WMS for JSON at the clicked pixel of the current view', () => {
    const url = new URL(featureInfoUrl('/map/cloudPlatform/wms', layer, view), 'http://localhost');
    expect(url.pathname).toBe('/map/cloudPlatform/wms');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      SERVICE: 'WMS',
      VERSION: '1.1.1',
      REQUEST: 'GetFeatureInfo',
      LAYERS: 'cloudPlatform:spot_meta',
      QUERY_LAYERS: 'cloudPlatform:spot_meta',
      STYLES: '',
      SRS: 'EPSG:3857',
      BBOX: '1,2,3,4',
      WIDTH: '800',
      HEIGHT: '600',
      X: '11',
      Y: '20',
      INFO_FORMAT: 'application/json',
      FEATURE_COUNT: String(MAX_FEATURES_SHOWN + 1),
      CQL_FILTER: "xzqdm LIKE '1303%' AND stage = 2",
    });
  });

  it('leaves CQL_FILTER out when there is no filter', () => {
    expect(featureInfoUrl('/wms', { ...layer, cqlFilter: undefined }, view)).not.toContain('CQL_FILTER');
  });
});

describe('parseFeatureInfo', () => {
  it('lists the properties of each feature as text rows', () => {
    const info = parseFeatureInfo({
      type: 'FeatureCollection',
      features: [{ type: 'Feature', id: 's.1', geometry: null, properties: { name: 'A', area: 1.5, note: null, tags: { a: 1 } } }],
    });
    expect(info).toEqual({
      features: [
        [
          ['name', 'A'],
          ['area', '1.5'],
          ['note', '—'],
          ['tags', '{"a":1}'],
        ],
      ],
      more: 0,
    });
  });

  it('shows a few features and counts the rest', () => {
    const features = Array.from({ length: MAX_FEATURES_SHOWN + 1 }, (_, i) => ({ properties: { i } }));
    const info = parseFeatureInfo({ features, numberMatched: 40 });
    expect(info.features).toHaveLength(MAX_FEATURES_SHOWN);
    expect(info.more).toBe(40 - MAX_FEATURES_SHOWN);
  });

  it('answers an empty collection with no features', () => {
    expect(parseFeatureInfo({ type: 'FeatureCollection', features: [] })).toEqual({ features: [], more: 0 });
  });

  it('rejects anything else', () => {
    expect(() => parseFeatureInfo('<ServiceExceptionReport/>')).toThrow();
    expect(() => parseFeatureInfo({ features: 'x' })).toThrow();
  });
});
