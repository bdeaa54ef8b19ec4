'use client';

import type { MapClientConfig } from '@/lib/shared/map/config';
import type { SpotBatch } from '@/lib/shared/contracts/spots';
import type { MonitorState } from './monitor-state';
import type { MonitorTheme } from './theme';

/** What every module of a monitoring screen receives from the screen. */
export interface ModuleProps {
  theme: MonitorTheme;
  config: MapClientConfig;
  state: MonitorState;
  /** Changes the state (and the URL); `replace` keeps the history entry. */
  update: (patch: Partial<MonitorState>, options?: { replace?: boolean }) => void;
  /** Every batch of the theme, oldest first. */
  batches: SpotBatch[];
  /** The batch shown: the URL's, else the current one. */
  batch: SpotBatch | null;
  /** Region codes of the user's regionId area ranges (modules behind login only). */
  ranges: string[];
  /** The map's accessible name. */
  mapLabel: string;
}
