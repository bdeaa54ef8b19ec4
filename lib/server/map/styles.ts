/**
 * How each layer's features look: overlay styles for WMS (`region`, `global_region`) and the two
 * offline base maps (`vec`, `img`) the WMTS tiles are drawn with. A style may hide a feature (null),
 * e.g. county borders on a whole-country view.
 */
import { SPOT_STYLES } from '../spots/map-layers';
import type { PaintStyle } from './render';

export interface LayerStyle {
  /** Attributes (by name) the style reads from each row. */
  reads: readonly string[];
  /** Paint for one feature at a resolution (degrees of longitude per pixel); null hides it. */
  paint: (row: Readonly<Record<string, unknown>>, degreesPerPixel: number) => PaintStyle | null;
  /** Extra row filter for the resolution, as an attribute allow-list (cheaper than drawing hidden rows). */
  levels?: (degreesPerPixel: number) => readonly string[] | null;
}

const REGION_OVERLAY: Record<string, PaintStyle> = {
  country: { stroke: '#0b3d91', lineWidth: 2.4, fill: 'rgba(34, 139, 230, 0.05)' },
  province: { stroke: '#1864ab', lineWidth: 2, fill: 'rgba(34, 139, 230, 0.08)' },
  city: { stroke: '#1c7ed6', lineWidth: 1.2, fill: 'rgba(34, 139, 230, 0.08)' },
  county: { stroke: '#4dabf7', lineWidth: 0.8, fill: 'rgba(34, 139, 230, 0.08)' },
};

/** Which levels a base map shows at a resolution: cities from ~1:4M, counties from ~1:1M. */
const baseLevels = (dpp: number): string[] =>
  dpp > 0.02 ? ['province'] : dpp > 0.004 ? ['province', 'city'] : ['province', 'city', 'county'];

interface BasePalette {
  background: string;
  land: string;
  countryBorder: string;
  province: string;
  city: string;
  county: string;
}

export const BASE_PALETTES: Record<'vec' | 'img', BasePalette> = {
  vec: { background: '#cfe3f3', land: '#f4f1ea', countryBorder: '#b7ab99', province: '#9c8f7c', city: '#c4b8a6', county: '#dcd3c4' },
  img: { background: '#0d2a45', land: '#33452e', countryBorder: '#8c8466', province: '#e9dcae', city: '#c2b58c', county: '#958c6c' },
};

function regionBase(palette: BasePalette): LayerStyle {
  return {
    reads: ['level'],
    levels: baseLevels,
    paint: (row, dpp) => {
      switch (row.level) {
        case 'province':
          return { stroke: palette.province, lineWidth: dpp > 0.05 ? 0.9 : 1.4 };
        case 'city':
          return { stroke: palette.city, lineWidth: 0.8 };
        case 'county':
          return { stroke: palette.county, lineWidth: 0.6 };
        default:
          return null;
      }
    },
  };
}

export const LAYER_STYLES: Record<string, Record<string, LayerStyle>> = {
  region: {
    region: { reads: ['level'], paint: (row) => REGION_OVERLAY[String(row.level)] ?? REGION_OVERLAY.county! },
    vec: regionBase(BASE_PALETTES.vec),
    img: regionBase(BASE_PALETTES.img),
  },
  global_region: {
    global_region: { reads: [], paint: () => ({ stroke: '#495057', lineWidth: 0.8, fill: 'rgba(134, 142, 150, 0.12)' }) },
    vec: { reads: [], paint: () => ({ fill: BASE_PALETTES.vec.land, stroke: BASE_PALETTES.vec.countryBorder, lineWidth: 0.6 }) },
    img: { reads: [], paint: () => ({ fill: BASE_PALETTES.img.land, stroke: BASE_PALETTES.img.countryBorder, lineWidth: 0.6 }) },
  },
  ...SPOT_STYLES,
};

/** A layer's style by name; '' or the layer name means its default. */
export function findStyle(layerName: string, styleName: string): LayerStyle | undefined {
  const styles = LAYER_STYLES[layerName];
  if (!styles) return undefined;
  return styles[styleName || layerName] ?? (styleName === 'default' ? styles[layerName] : undefined);
}
