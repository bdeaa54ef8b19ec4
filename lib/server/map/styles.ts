import 'server-only';
/**
 * How a layer's features look. Each layer carries its styles (lib/server/map/layers.ts `MapLayer.styles`);
 * a style may hide a feature (null), e.g. county borders on a whole-country view, and a base-map style
 * names its background and the layers drawn beneath it (WMTS tiles).
 */
import { findLayer, type LayerStyle, type MapLayer } from './layers';

export type { LayerStyle } from './layers';

/** A layer's style by name; '', 'default' or the layer name mean its default (its first style). */
export function findStyle(layer: MapLayer, styleName: string): LayerStyle | undefined {
  const style = layer.styles[styleName];
  if (style) return style;
  if (styleName === '' || styleName === 'default' || styleName === layer.name) return Object.values(layer.styles)[0];
  return undefined;
}

export function styleNames(layer: MapLayer): string[] {
  return Object.keys(layer.styles);
}

/** The layers and styles a base-map style draws beneath its own layer (unknown names are skipped). */
export function baseMapBeneath(style: LayerStyle, styleName: string): { layer: MapLayer; style: LayerStyle }[] {
  return (style.baseMap?.beneath ?? []).flatMap((name) => {
    const layer = findLayer(name);
    const beneath = layer?.styles[styleName];
    return layer && beneath ? [{ layer, style: beneath }] : [];
  });
}

/** A `#rrggbb` colour at an opacity, as CSS `rgba()` (what a paint's fill or stroke takes). */
export function withAlpha(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 0xff}, ${(n >> 8) & 0xff}, ${n & 0xff}, ${alpha})`;
}
