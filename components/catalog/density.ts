/**
 * The density layer of every scene matching a search (`cloudPlatform:scene_density` of the map
 * services): the search's filter travels as the vendor parameter SCENE_FILTER, so the map darkens exactly
 * where the search's scenes are, before any paging. Shown while zoomed out; closer in, the page's
 * footprints take over.
 */
import type { WmsLayer } from '@/components/map';
import type { SceneFilter } from '@/lib/shared/contracts/catalogue';
import { SELECT_MODES } from '@/lib/shared/contracts/catalogue';

export const DENSITY_LAYER = 'cloudPlatform:scene_density';
/** Deepest zoom the density layer is drawn at. */
export const DENSITY_MAX_ZOOM = 8;
/** The map service's limit on SCENE_FILTER (a URL parameter). */
export const SCENE_FILTER_MAX_CHARS = 16_384;

function bboxOfGeometry(coordinates: unknown): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity];
  const walk = (value: unknown) => {
    if (Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'number') {
      box[0] = Math.min(box[0], value[0]);
      box[1] = Math.min(box[1], value[1]);
      box[2] = Math.max(box[2], value[0]);
      box[3] = Math.max(box[3], value[1]);
    } else if (Array.isArray(value)) value.forEach(walk);
  };
  walk(coordinates);
  return box;
}

/** SCENE_FILTER for a search; a drawn area too large for a URL is sent as its extent. */
export function sceneFilterParam(filter: SceneFilter): string {
  const text = JSON.stringify(filter);
  if (text.length <= SCENE_FILTER_MAX_CHARS || filter.area?.mode !== SELECT_MODES.DRAW) return text;
  return JSON.stringify({ ...filter, area: { mode: SELECT_MODES.EXTENT, bbox: bboxOfGeometry(filter.area.geometry.coordinates) } });
}

export function densityLayer(filter: SceneFilter, title: string): WmsLayer {
  return {
    id: 'scene-density',
    title,
    layers: DENSITY_LAYER,
    styles: 'scene_density',
    params: { SCENE_FILTER: sceneFilterParam(filter) },
    maxZoom: DENSITY_MAX_ZOOM,
    opacity: 1,
  };
}
