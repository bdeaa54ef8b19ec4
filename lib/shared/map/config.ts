/**
 * Where the map's tiles and overlays come from. The default is our own map service (works offline);
 * with a Tianditu key the base layers come from Tianditu online. Builders are pure so pages can
 * compute them on the server and tests can pin them down.
 */

export interface MapClientConfig {
  /** Base URL of the GeoServer-style map service, e.g. `/map` (DESIGN.md "Maps"). */
  serviceBase: string;
  /** Tianditu API key; null keeps the offline base layers of our own service. */
  tiandituKey: string | null;
}

export type BaseLayerKind = 'vec' | 'img';

export const BASE_LAYER_KINDS: readonly BaseLayerKind[] = ['vec', 'img'];

/** Tianditu layers in Web Mercator: vector, imagery, and their Chinese / English annotations. */
export type TiandituLayer = 'vec' | 'cva' | 'eva' | 'img' | 'cia' | 'eia';

/** Tianditu serves each layer from t0 … t7. */
export const TIANDITU_SUBDOMAINS: readonly string[] = ['0', '1', '2', '3', '4', '5', '6', '7'];

export const TIANDITU_MAX_ZOOM = 18;

function trimBase(serviceBase: string): string {
  return serviceBase.replace(/\/+$/, '');
}

/** Leaflet URL template of our own WMTS base tiles (GeoWebCache layout, Web Mercator grid). */
export function ownTileUrl(serviceBase: string, kind: BaseLayerKind): string {
  return (
    `${trimBase(serviceBase)}/gwc/service/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=cloudPlatform:region` +
    `&STYLE=${kind}&TILEMATRIXSET=EPSG:900913&TILEMATRIX=EPSG:900913:{z}&TILEROW={y}&TILECOL={x}&FORMAT=image/png`
  );
}

/** Leaflet URL template of a Tianditu WMTS layer; `{s}` takes one of TIANDITU_SUBDOMAINS. */
export function tiandituTileUrl(layer: TiandituLayer, key: string): string {
  return (
    `https://t{s}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${layer}` +
    `&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=${encodeURIComponent(key)}`
  );
}

/** The WMS endpoint of the overlays (`cloudPlatform:*` layers). */
export function wmsServiceUrl(serviceBase: string): string {
  return `${trimBase(serviceBase)}/cloudPlatform/wms`;
}

export type TileSource = {
  url: string;
  /** Subdomains for `{s}`; none for our own service. */
  subdomains: readonly string[];
  /** Annotation layers sit above the overlays so place names stay readable. */
  role: 'base' | 'labels';
  /** Which attribution message describes the source. */
  provider: 'own' | 'tianditu';
  maxZoom: number;
};

const OWN_MAX_ZOOM = 18;

function tiandituLabelLayer(kind: BaseLayerKind, locale: string): TiandituLayer {
  const english = locale.startsWith('en');
  if (kind === 'vec') return english ? 'eva' : 'cva';
  return english ? 'eia' : 'cia';
}

/** The tile layers that make up a base layer, bottom first: one of ours, or Tianditu's base + annotations. */
export function baseLayerSources(config: MapClientConfig, kind: BaseLayerKind, locale: string): TileSource[] {
  const key = config.tiandituKey?.trim();
  if (!key) return [{ url: ownTileUrl(config.serviceBase, kind), subdomains: [], role: 'base', provider: 'own', maxZoom: OWN_MAX_ZOOM }];
  const tianditu = (layer: TiandituLayer, role: TileSource['role']): TileSource => ({
    url: tiandituTileUrl(layer, key),
    subdomains: TIANDITU_SUBDOMAINS,
    role,
    provider: 'tianditu',
    maxZoom: TIANDITU_MAX_ZOOM,
  });
  return [tianditu(kind, 'base'), tianditu(tiandituLabelLayer(kind, locale), 'labels')];
}
