import 'server-only';
/**
 * The one place the map services learn their layers: each domain declares its layers (rows, attribute
 * whitelist, styles, access) in its own module and is listed here, so the core (lib/server/map/**)
 * never imports a theme. A new theme or the imagery catalogue adds one line (docs/adr/0006-map-layer-registry.md).
 * Everything that runs the map services (the routes under app/map/**) takes `ogcService` from here,
 * so the layers are registered before the first request.
 */
import { CATALOGUE_LAYERS } from '../catalogue';
import { COVERAGE_LAYERS } from '../coverage-figures';
import { DEFORMATION_LAYERS } from '../themes/surface-deform/map-layers';
import { ogcService as coreService } from '../map/handler';
import { registerLayers, type MapLayer } from '../map/layers';
import type { OwsService } from '../map/ows';
import { REGION_LAYERS } from '../regions/map-layers';
import { SPOT_LAYERS } from '../theme-features/map-layers';
import { VERIFICATION_LAYERS } from '../verification/map-layers';

export const MAP_LAYERS: readonly MapLayer[] = [
  ...REGION_LAYERS,
  ...SPOT_LAYERS,
  ...DEFORMATION_LAYERS,
  ...CATALOGUE_LAYERS,
  ...COVERAGE_LAYERS,
  ...VERIFICATION_LAYERS,
];

registerLayers(MAP_LAYERS);

/** A route handler for one OGC service over every registered layer. */
export function ogcService(service: OwsService): (request: Request) => Promise<Response> {
  return coreService(service);
}
