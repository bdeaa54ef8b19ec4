// Types for leaflet.wms 0.2 (ships none): only what components/map uses.
declare module 'leaflet.wms' {
  import type { Layer, Point, WMSOptions } from 'leaflet';

  export type WmsParams = Record<string, string | number | boolean>;

  export interface SourceOptions extends WMSOptions {
    /** One image per view (default) instead of tiles. */
    untiled?: boolean;
    tiled?: boolean;
    /** Open a GetFeatureInfo popup on click (default true). */
    identify?: boolean;
    info_format?: string;
    CQL_FILTER?: string;
    zIndex?: number;
  }

  export interface Source extends Layer {
    options: SourceOptions;
    getLayer(name: string): Layer;
    setOpacity(opacity: number): void;
    /** GetFeatureInfo parameters for a container point, from the current view. */
    getFeatureInfoParams(point: Point, layers: string[]): WmsParams;
  }

  interface LeafletWms {
    source(url: string, options?: SourceOptions): Source;
  }

  const wms: LeafletWms;
  export default wms;
}
