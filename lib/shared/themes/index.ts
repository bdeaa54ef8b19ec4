/**
 * The registry of monitoring themes: every declared theme, found by id, path or API base, and the code
 * lists they serve as dictionaries. Server and client read the same objects.
 */
import { BATCH_STATUSES } from '../spots/codes';
import type { ThemeId } from './ids';
import { LANDCOVER } from './landcover';
import { NONAGRICULTURAL } from './nonagricultural';
import { PLANTINGSTRUCTURE } from './plantingstructure';
import { PVLAND } from './pvland';
import { ROAD } from './road';
import { STEELPLANT } from './steelplant';
import { SURFACE_DEFORM } from './surface-deform';
import type { CodeItem, ThemeDefinition } from './types';
import { assertThemes } from './validate';
import { WINDMILL } from './windmill';

export { THEME_IDS, type ThemeId } from './ids';
export type * from './types';
export { MONITOR_MODULES, THEME_MEASURES } from './types';

export const THEMES: readonly ThemeDefinition<ThemeId>[] = [
  LANDCOVER,
  WINDMILL,
  PVLAND,
  ROAD,
  STEELPLANT,
  NONAGRICULTURAL,
  PLANTINGSTRUCTURE,
  SURFACE_DEFORM,
];
// A declaration the machinery cannot serve fails here, when the registry loads, not on some later request.
assertThemes(THEMES);

const BY_ID = new Map<string, ThemeDefinition<ThemeId>>(THEMES.map((t) => [t.id, t]));

export function themeById(id: ThemeId): ThemeDefinition<ThemeId> {
  return BY_ID.get(id)!;
}

/** The theme served under `/api/{segment}/{version}` (land cover keeps spot v2 and is not found here). */
export function themeByApi(segment: string, version: string): ThemeDefinition<ThemeId> | null {
  const api = `/api/${segment}/${version}`;
  return GENERIC_THEMES.find((t) => t.api === api) ?? null;
}

/**
 * Themes on the generic API (`/api/{theme}/{version}/statistics/…`): all but those declaring an API of their own
 * (land cover's spot v2; the rate-grid themes, surface deformation, ADR 0015).
 */
export const GENERIC_THEMES: readonly ThemeDefinition<ThemeId>[] = THEMES.filter((t) => !t.ownApi);

/** Every code list of every theme, by dictionary code, with the batch statuses: the dictionary endpoint's lists. */
export function themeDictionaries(): Record<string, readonly CodeItem[]> {
  const out: Record<string, readonly CodeItem[]> = { SPOT_BATCH_STATUS: BATCH_STATUSES };
  for (const theme of THEMES) {
    for (const list of [theme.kinds, theme.stages, theme.changeTypes, theme.landuse, theme.layers.zones?.classes, theme.kindGroups]) {
      if (list) out[list.dictionary] = list.items;
    }
  }
  return out;
}
