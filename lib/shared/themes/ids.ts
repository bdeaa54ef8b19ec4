/** The ids of the declared monitoring themes (one folder each under lib/shared/themes/). */
export const THEME_IDS = [
  'landcover',
  'windmill',
  'pvland',
  'road',
  'steelplant',
  'nonagricultural',
  'plantingstructure',
  'surface_deform',
] as const;
export type ThemeId = (typeof THEME_IDS)[number];
