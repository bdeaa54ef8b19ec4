/**
 * The public contract of the map component. Kept free of Leaflet so pages can type their props
 * without pulling Leaflet into their bundle.
 */
import type { Feature, FeatureCollection, Polygon } from 'geojson';
import type { LegendRamp } from '@/lib/shared/map/legend';
import type { MapClientConfig } from '@/lib/shared/map/config';
import type { ViewLink } from './view-link';

/** [west, south, east, north] in degrees. */
export type BBox = [number, number, number, number];

export type MapTool = 'rectangle' | 'polygon' | 'distance' | 'area';

export type DrawTool = Extract<MapTool, 'rectangle' | 'polygon'>;

export interface OutlineLayer {
  id: string;
  /** Region boundaries; `properties.name` becomes the tooltip. Keep the object stable (memoise it): a new object redraws the layer. */
  data: FeatureCollection | Feature;
  /** `primary` draws a bold line (the selected region), `context` a thin one (its neighbours). Default primary. */
  emphasis?: 'primary' | 'context';
  /** Fit the map to this outline whenever its data changes. */
  fit?: boolean;
  /**
   * A choropleth: fill colour per feature id (features without one stay unfilled). Changing the object
   * restyles the layer in place; keep it memoised.
   */
  fillColors?: Readonly<Record<string, string>>;
  /** Called with a feature's id when it is clicked (e.g. to drill down). */
  onFeatureClick?: (id: string) => void;
  /**
   * Tooltip text per feature id (e.g. the name and the value a choropleth colours by, so colour is not the only
   * signal); features without one show their name. Changing the object updates the tooltips in place; keep it memoised.
   */
  tooltips?: Readonly<Record<string, string>>;
  /**
   * Answer the pointer (name tooltip, clicks), default true. Turn it off for an outline drawn over
   * other features, e.g. a region's border over its children: it would otherwise catch every hover
   * and click meant for them.
   */
  interactive?: boolean;
}

export interface WmsLayer {
  id: string;
  /** Shown as the heading of this layer's section in the feature-info popup. */
  title: string;
  /** WMS layer name(s), e.g. `cloudPlatform:spot_meta`. */
  layers: string;
  styles?: string;
  /** ECQL filter sent as CQL_FILTER; changing it reloads the layer. */
  cqlFilter?: string;
  /** 0–1, default 1. */
  opacity?: number;
  /** Answer clicks with a GetFeatureInfo popup. */
  featureInfo?: boolean;
  /** Shown only up to this zoom (e.g. a density layer that gives way to single features closer in). */
  maxZoom?: number;
  /** Further GetMap parameters (vendor parameters of the layer); changing them reloads the layer. */
  params?: Readonly<Record<string, string>>;
}

/**
 * Polygons a list beside the map also shows (e.g. scene footprints): hover and selection are
 * controlled from outside, so highlighting works both ways. Each path carries `data-feature-id`,
 * `data-selected` and `data-hovered`.
 */
export interface SelectableFeatures {
  /** Features with string ids; keep the object stable (memoise it): a new object redraws the layer. */
  data: FeatureCollection;
  selectedId?: string | null;
  hoveredId?: string | null;
  onHover?: (id: string | null) => void;
  onSelect?: (id: string) => void;
  /** Tooltip text by feature id. */
  labels?: Readonly<Record<string, string>>;
}

/** An image laid on the map over a box (e.g. a scene's quick-look, transparent outside its footprint). */
export interface ImageOverlayLayer {
  id: string;
  url: string;
  bbox: BBox;
  /** Text alternative of the image. */
  alt: string;
  /** 0–1, default 0.9. */
  opacity?: number;
}

/** Lines over the map (e.g. ground tracks), each possibly in parts (cut at the antimeridian). */
export interface LineLayer {
  id: string;
  /** Keep the array stable (memoise it): a new one redraws the layer. */
  lines: readonly {
    id: string;
    /** Parts of [longitude, latitude]. */
    parts: readonly (readonly [number, number])[][];
    /** Tooltip text (the line then answers the pointer). */
    label?: string;
    /** Drawn twice as thick, above the others. */
    emphasis?: boolean;
  }[];
  color: string;
  /** Pixels, default 2. */
  weight?: number;
  opacity?: number;
  /** SVG dash pattern, e.g. `6 4` (a dashed line tells a forecast from a drawn one without colour). */
  dashArray?: string;
}

export interface MapLegend {
  title: string;
  ramp: LegendRamp;
  /** The largest value shown; null or NaN shows a single "no data" class, 0 a single class "0". */
  max: number | null;
  /** Unit of the values, shown after the title. */
  unit?: string;
  /** Number of equal classes, default 10. */
  classes?: number;
  /** Whole numbers (counts): integer class limits and labels. */
  whole?: boolean;
  /** Add a grey "no data" entry (some features have no value). */
  noData?: boolean;
  /** Explicit classes instead of equal steps from 0 to `max` (e.g. the grid's spots per cell). */
  items?: readonly { label: string; color: string }[];
}

/** A row of a marker's popup; `href` (mailto:, tel:, https:) makes the value a link. */
export interface MarkerPopupRow {
  label: string;
  value: string;
  href?: string;
}

export interface MapMarker {
  id: string;
  /** [longitude, latitude] (WGS84). */
  position: [number, number];
  /** Accessible name of the marker and its hover/focus tooltip. */
  label: string;
  /** A short text drawn in the marker (e.g. a stop's number on a route); the marker is then a numbered disc. */
  badge?: string;
  popup: {
    title: string;
    rows: MarkerPopupRow[];
    /** A short line under the rows, e.g. that the contacts are demo data. */
    note?: string;
  };
}

export interface DrawnShape {
  kind: DrawTool;
  geometry: Polygon;
  bbox: BBox;
}

export interface MapViewProps {
  config: MapClientConfig;
  /** Accessible name of the map region. */
  label: string;
  /** Initial centre as [longitude, latitude]; default DEFAULT_MAP_CENTER. Changing it recentres the map. */
  center?: [number, number];
  /** Initial zoom, default 4. */
  zoom?: number;
  /** Fit the map to this box whenever it changes. */
  fitBounds?: BBox | null;
  outlines?: OutlineLayer[];
  wmsLayers?: WmsLayer[];
  legend?: MapLegend | null;
  /** Point markers: keyboard-focusable buttons that open a popup. Keep the array stable (memoise it). */
  markers?: MapMarker[];
  /** The marker whose popup is open (controlled); null closes it. */
  selectedMarkerId?: string | null;
  /** Called with a marker's id when its popup opens, and null when it closes. */
  onSelectMarker?: (id: string | null) => void;
  /** Polygons whose hover and selection a list beside the map shares. */
  selectable?: SelectableFeatures | null;
  /** Lines (ground tracks) above the outlines. */
  lines?: LineLayer[];
  /** Images laid over boxes of the map, above the tiles and below the outlines. */
  imageOverlays?: ImageOverlayLayer[];
  /** Drawing and measuring tools offered in the toolbar; none by default. */
  tools?: MapTool[];
  /** Called when the user finishes a rectangle or polygon. */
  onShapeDrawn?: (shape: DrawnShape) => void;
  /** Height of the whole component (toolbar included), default 480. */
  height?: number | string;
  /**
   * Shares the view with the other maps given the same link (`createViewLink()`): moving one moves them
   * all. A map mounted once the link has a view starts at that view instead of `center`/`zoom`/`fitBounds`.
   */
  viewLink?: ViewLink;
  /** Offer the VEC / IMG base-layer switch, default true (small multiples leave it out). */
  baseSwitch?: boolean;
  /** Called with [longitude, latitude] when the map is clicked outside a drawing tool (e.g. to read a grid cell). */
  onMapClick?: (point: [number, number]) => void;
}

export type { MapClientConfig };
