/**
 * The shapes of the monitoring screens' module registry (theme-view.tsx): what a theme's folder under themes/
 * declares. Apart from the registry so that the theme folders, which the registry lists, do not import it back.
 */
import type { ComponentType, ReactNode } from 'react';
import type { MessageGroup } from '@/i18n/client-messages';
import type { MapClientConfig } from '@/lib/shared/map/config';
import type { ThemeId } from '@/lib/shared/themes';
import type { ModuleProps } from './monitor-context';
import type { MonitorModule } from './monitor-state';
import type { MonitorTheme } from './theme';

/** A module: renders its view of the screen (a static component, so its state survives re-renders). */
export type ModuleComponent = (props: ModuleProps) => ReactNode;
export type ScreenComponent = ComponentType<{ theme: MonitorTheme; config: MapClientConfig }>;

/** What a theme's folder adds to the shared screen. */
export interface ThemeView {
  theme: ThemeId;
  /** Modules the theme serves with components of its own (by tab); the others are the shared ones. */
  modules?: Partial<Record<MonitorModule, ModuleComponent>>;
  /** A screen of its own instead of the shared one (its own tabs and state). */
  screen?: ScreenComponent;
  /** The message groups its screen's client components read, when they differ from the shared screen's. */
  messages?: readonly MessageGroup[];
}
