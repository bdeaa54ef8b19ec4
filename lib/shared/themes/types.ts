/**
 * The declaration of a monitoring theme (ADR 0014): everything the route registry, menus, API handlers,
 * map layers, statistics SQL, screens and tests need to know about a theme, in one object read by the
 * server and the client alike. A theme is one folder of `lib/shared/themes/<id>/` (this declaration and
 * its code lists), its messages under `Themes.<id>` and a demo generator; the machinery does the rest.
 */
import type { LegendRamp } from '../map/legend';
import type { PermissionCode } from '../permissions';

/**
 * Map modules of a theme (spec §4); statistics is the default and is public. `products` (a searchable set
 * of processed products) and `rates` (a value per grid cell with its time series) serve themes whose data
 * are not counted features: surface deformation (ADR 0015). A theme names its modules; each is a component in
 * the screens' module registry (components/monitor/theme-view.tsx) and a set of routes (ADR 0020).
 */
export const MONITOR_MODULES = ['statistics', 'detail', 'grid', 'sequence', 'trend', 'products', 'rates'] as const;
export type MonitorModule = (typeof MONITOR_MODULES)[number];

/** What a theme's statistics sum per region: features, m², km of line, and capacity in the theme's unit. */
export const THEME_MEASURES = ['count', 'area', 'length', 'capacity'] as const;
export type ThemeMeasure = (typeof THEME_MEASURES)[number];

export interface CodeItem {
  value: string;
  zh: string;
  en: string;
}
export interface ColoredCode extends CodeItem {
  /** Distinct in hue and lightness, so the legend survives greyscale next to its labels. */
  color: string;
  /** Line width in pixels where lines differ by more than colour (road grades). */
  width?: number;
  /** The kind group it belongs to (`kindGroups`: non-agricultural or non-grain use of farmland). */
  group?: string;
}

/** A code list a theme filters or styles by, served by the dictionary endpoint under `dictionary`. */
export interface ThemeCodeList<T extends CodeItem = CodeItem> {
  dictionary: string;
  items: readonly T[];
}

/** Attributes a theme's features may carry beyond the common ones (id, batch, region, stage, kind, file, area, date). */
export const FEATURE_EXTRAS = ['change_type', 'landuse_type', 'capacity', 'length', 'name'] as const;
export type FeatureExtra = (typeof FEATURE_EXTRAS)[number];

export type FeatureGeometry = 'polygon' | 'point' | 'line';

export interface Bilingual {
  zh: string;
  en: string;
}

/** A detail layer of the theme's features: the code list it colours by, and a light fill with a bold outline, or not. */
export interface FeatureLayer {
  name: string;
  styleBy: 'change_type' | 'tblx' | 'landuse_type' | 'stage';
  outline: boolean;
  title: Bilingual;
  abstract: Bilingual;
}

export interface ThemeDefinition<Id extends string = string> {
  id: Id;
  /**
   * The theme permission (spec §6): the menu entry, the detail modules, their APIs and map layers need it.
   * The screen itself is open, as its statistics module is public (spec §4, §6).
   */
  permission: PermissionCode;
  /** Screen path inside the locale. */
  path: `/monitor/${string}`;
  /** Base path of the theme's API: `statistics/{x}`, `statistics/lastest`, `meta`, `meta/id/{id}`, … */
  api: string;
  /** The modules the screen offers (spec §4: simple themes have statistics and detail only). */
  modules: readonly MonitorModule[];
  /** Statistics measures; the first is the legend's default. */
  measures: readonly ThemeMeasure[];
  /** Capacity unit: megawatts (wind), million tonnes a year (steel). */
  capacityUnit: 'MW' | 'Mta' | null;
  /** Colour ramp of the statistics choropleth (spec §9: ramps differ per theme). */
  ramp: LegendRamp;
  /** Geometry kinds of the theme's features. */
  geometries: readonly FeatureGeometry[];
  /** What a feature is (stored as `tblx`): spot type, turbine or farm, road grade, process. */
  kinds: ThemeCodeList<ColoredCode>;
  /**
   * Each batch is a full inventory (every turbine, plant standing that quarter) rather than the changes
   * found that quarter: the detail list and map then show one batch (the chosen or current one), not every
   * batch's copy of the same facility on top of each other.
   */
  snapshots: boolean;
  /** Which kinds the statistics count and sum (null: all); wind farms only group their turbines. */
  counted: readonly string[] | null;
  /**
   * Stages of features no longer standing (a decommissioned turbine, a demolished plant): snapshots keep
   * them, so their history shows, but statistics leave them out unless the stage filter asks for them.
   */
  retired: readonly string[] | null;
  /** Processing stage or life-cycle status (stored as `stage`). */
  stages: ThemeCodeList<CodeItem & { color?: string }>;
  /** Change types of the legend's checkboxes (land cover only; spec §3). */
  changeTypes: ThemeCodeList<ColoredCode> | null;
  /**
   * The land (use) under or around a feature (land cover's land-use types, PV's ground, the farmland class a
   * non-agricultural spot took), with the name it goes by where "land-use type" would mislead.
   */
  landuse: (ThemeCodeList<CodeItem & { color?: string }> & { label?: Bilingual }) | null;
  /** Extra attributes its features carry, in list, detail and map layers (a whitelist). */
  extras: readonly FeatureExtra[];
  /** Map layers (spec §7 layer names): the detail features, the grid cells, suitability zones. */
  layers: {
    features: readonly FeatureLayer[];
    grid: string | null;
    zones: { name: string; classes: ThemeCodeList<ColoredCode>; title: Bilingual } | null;
  };
  /** Grid level when unset (spec §4: 13, 14 in one theme). */
  gridLevel: number;
  /** Route name of the visit counter (spec §2 whitelist). */
  routeName: string;
  /**
   * Groups the kinds fall into, reported side by side (non-agricultural and non-grain use of farmland);
   * every kind then names its group. Absent: the kinds are not grouped.
   */
  kindGroups?: ThemeCodeList<ColoredCode>;
  /**
   * Stages whose land was returned to its former use (rectified farmland): the trend nets them out of
   * what is lost. Absent: nothing is restored.
   */
  restored?: readonly string[];
  /**
   * What the screens call one feature: change spots (图斑) for the themes that find land changes, features
   * (要素: a turbine, a plant, a road segment) otherwise. Absent: features.
   */
  speaksOf?: 'spots' | 'features';
  /**
   * Speaks the spec's own terms for change spots (spec §4, land cover): legend 图斑数量 / 图斑面积, totals "N spots,
   * X ha", labels 图斑类型 and 阶段. Absent: the generic measure, kind and status words.
   */
  spotTerms?: boolean;
  /**
   * Serves an API of its own rather than the generic theme API (`/api/{theme}/{version}/…`): land cover's spot v2
   * (spec §7), surface deformation's. Absent: the generic API serves it.
   */
  ownApi?: boolean;
  /**
   * A theme of processed raster products and a rate grid rather than counted features (surface
   * deformation, ADR 0015): its own tables, API and layers; the spot machinery (generic API, spot layers,
   * statistics) leaves it out. Absent for feature themes.
   */
  rateGrid?: RateGridDeclaration;
  /**
   * Areas per region, season and crop beyond the features (planting structure): which of the theme's kinds
   * (crops) each of its stages (seasons) holds. A theme with a structure gets the structure API and table; its
   * screens are its own modules, registered in its folder (components/monitor/themes/<id>/, ADR 0020).
   */
  structure?: ThemeStructure | null;
}

/** The products and rate grid of a theme such as surface deformation (ADR 0015). */
export interface RateGridDeclaration {
  /** Map layer of the products' footprints (coloured by `kinds`). */
  productLayer: string;
  /** Map layer of the rate grid cells (diverging ramp over `classes`). */
  rateLayer: string;
  /** What a cell's value is and its unit (mm/year of line-of-sight or vertical motion). */
  unit: 'mm/a';
  /**
   * Legend classes of the rate from most negative to most positive, each [from, to) with its colour; a
   * diverging ramp (subsidence red, uplift blue, stable near white). Must be contiguous and ascending.
   */
  classes: readonly { from: number; to: number; color: string }[];
  /** Web-Mercator tile level of the stored cells (spec §4's grid levels 13/14). */
  cellLevel: number;
}

/** The crops (kinds) of each season (stage) of a theme with a per-region structure; a crop may be in more seasons. */
export interface ThemeStructure {
  seasons: readonly { season: string; crops: readonly string[] }[];
}
