/**
 * What a monitoring screen is given: a declared theme (lib/shared/themes), the same object the server
 * reads for its API, layers and statistics. The shared machinery of components/monitor reads nothing else.
 */
import type { ThemeDefinition, ThemeId } from '@/lib/shared/themes';

export type MonitorTheme = ThemeDefinition<ThemeId>;

/** The theme's main detail layer (`cloudPlatform:…`), the one the detail module draws. */
export const spotLayerOf = (theme: MonitorTheme) => `cloudPlatform:${theme.layers.features[0]!.name}`;

/** The theme's grid layer, or null when the theme has no grid module. */
export const gridLayerOf = (theme: MonitorTheme) => (theme.layers.grid ? `cloudPlatform:${theme.layers.grid}` : null);
