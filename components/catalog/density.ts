/**
 * The density layer of every scene matching a search (`cloudPlatform:scene_density` of the map
 * services): the search's filter travels as the vendor parameter SCENE_FILTER, so the map darkens exactly
 * where the search's scenes are, before any paging. Shown while zoomed out; closer in, the page's
 * footprints take over.
 */
import type { WmsLayer } from '@/components/map';
import type { SceneFilter } from '@/lib/shared/contracts/catalogue';
import { areaBbox, CATALOGUE_LIMITS, SELECT_MODES } from '@/lib/shared/contracts/catalogue';

export const DENSITY_LAYER = 'cloudPlatform:scene_density';
/** Deepest zoom the density layer is drawn at. */
export const DENSITY_MAX_ZOOM = 8;
/** SCENE_FILTER for a search; a drawn area too large for a URL is sent as its extent. */
export function sceneFilterParam(filter: SceneFilter): string {
  const text = JSON.stringify(filter);
  if (text.length <= CATALOGUE_LIMITS.sceneFilterMaxChars || filter.area?.mode !== SELECT_MODES.DRAW) return text;
  return JSON.stringify({ ...filter, area: { mode: SELECT_MODES.EXTENT, bbox: areaBbox(filter.area.geometry) } });
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
