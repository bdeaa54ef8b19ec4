/**
 * What a monitoring theme plugs into the shared machinery of components/monitor: its spot theme, its
 * legend ramp, its map layers and the dictionaries of its filters. Each theme keeps this (and its own
 * texts) in `themes/<theme>/`; everything else is shared.
 */
import type { LegendRamp } from '@/lib/shared/map/legend';
import type { PermissionCode } from '@/lib/shared/permissions';
import type { SpotTheme } from '@/lib/shared/spots/codes';

export interface MonitorTheme {
  /** The spot theme of the `/api/spot/v2` calls and the layers' `theme` attribute. */
  id: SpotTheme;
  /** The permission of the theme (spec §6), needed for the detail, grid and sequence modules. */
  permission: PermissionCode;
  /** Path of the screen inside the locale, e.g. `/monitor/landcover`. */
  path: string;
  /** Colour ramp of the statistics legend (spec §9: ramps differ per theme). */
  ramp: LegendRamp;
  /** WMS layer of the spots in the detail module (coloured by change type). */
  spotLayer: string;
  /** WMS layer of the grid module. */
  gridLayer: string;
  /** Dictionary codes of the stage and type filters. */
  stageDictionary: string;
  typeDictionary: string;
  /** Grid level when unset (spec §4: 13, 14 in one theme). */
  gridLevel: number;
}
