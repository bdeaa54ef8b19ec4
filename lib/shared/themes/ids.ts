/** The ids of the declared monitoring themes (one folder each under lib/shared/themes/). */
export const THEME_IDS = ['landcover', 'windmill', 'pvland', 'road', 'steelplant', 'plantingstructure'] as const;
export type ThemeId = (typeof THEME_IDS)[number];
