import { CATALOGUE_LIMITS, SELECT_MODES, type SceneFilter } from '@/lib/shared/contracts/catalogue';
import { densityLayer, sceneFilterParam } from './density';

describe('density layer parameters', () => {
  it('sends the search filter as SCENE_FILTER and shows only while zoomed out', () => {
    const filter: SceneFilter = { cloudMax: 20, area: { mode: SELECT_MODES.REGION, regionCodes: ['130000'] } };
    const layer = densityLayer(filter, 'Density');
    expect(layer.layers).toBe('cloudPlatform:scene_density');
    expect(JSON.parse(layer.params!.SCENE_FILTER!)).toEqual(filter);
    expect(layer.maxZoom).toBeLessThanOrEqual(9);
  });

  it('a drawn area too long for a URL goes as its extent', () => {
    const ring: [number, number][] = Array.from({ length: 2000 }, (_, i) => {
      const a = (i / 2000) * 2 * Math.PI;
      return [116 + Math.cos(a) * 1.123456, 39 + Math.sin(a) * 0.654321];
    });
    ring.push(ring[0]!);
    const filter: SceneFilter = { area: { mode: SELECT_MODES.DRAW, geometry: { type: 'Polygon', coordinates: [ring] } } };
    const param = sceneFilterParam(filter);
    expect(param.length).toBeLessThanOrEqual(CATALOGUE_LIMITS.sceneFilterMaxChars);
    const sent = JSON.parse(param) as SceneFilter;
    expect(sent.area?.mode).toBe(SELECT_MODES.EXTENT);
    if (sent.area?.mode === SELECT_MODES.EXTENT) {
      expect(sent.area.bbox[0]).toBeCloseTo(116 - 1.123456, 4);
      expect(sent.area.bbox[3]).toBeCloseTo(39 + 0.654321, 4);
    }
  });
});
