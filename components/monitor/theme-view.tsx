/**
 * The module registry of the monitoring screens: a theme names its modules (its declaration's `modules`, the tabs
 * of spec §4), and each module is a component. The shared modules serve every theme that names them; a theme with
 * parts of its own registers them in its folder under components/monitor/themes/ (a module of its own, or a whole
 * screen for a theme whose data are not counted features), listed in themes/index.ts. The shared code asks this
 * registry and never names a theme.
 */
import type { ComponentType, ReactNode } from 'react';
import { clientMessageGroups, type MessageGroup } from '@/i18n/client-messages';
import type { MapClientConfig } from '@/lib/shared/map/config';
import type { ThemeId } from '@/lib/shared/themes';
import { DetailModule } from './detail-module';
import { GridModule } from './grid-module';
import type { ModuleProps } from './monitor-context';
import type { MonitorModule } from './monitor-state';
import { SequenceModule } from './sequence-module';
import { StatisticsModule } from './statistics-module';
import type { MonitorTheme } from './theme';
import { THEME_VIEWS } from './themes';
import { TrendModule } from './trend-module';

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

/** The shared modules of feature themes: statistics, detail, grid, sequence and trend (spec §4). */
const SHARED_MODULES: Partial<Record<MonitorModule, ModuleComponent>> = {
  statistics: (props) => <StatisticsModule {...props} />,
  detail: (props) => <DetailModule {...props} />,
  grid: (props) => <GridModule {...props} />,
  sequence: (props) => <SequenceModule {...props} />,
  trend: (props) => <TrendModule {...props} />,
};

/** The message groups of the shared screen. */
export const SHARED_SCREEN_MESSAGES: readonly MessageGroup[] = clientMessageGroups(['MapView', 'Monitor', 'Spots', 'Themes']);

const VIEWS = new Map<string, ThemeView>(THEME_VIEWS.map((v) => [v.theme, v]));

/** The theme's own screen (undefined: the shared one) and the message groups it reads. */
export function screenOf(theme: MonitorTheme): { screen: ScreenComponent | undefined; messages: readonly MessageGroup[] } {
  const view = VIEWS.get(theme.id);
  return { screen: view?.screen, messages: view?.messages ?? SHARED_SCREEN_MESSAGES };
}

/** The component of a module of the theme: its own, or the shared one (null: no such module). */
export function moduleOf(theme: MonitorTheme, module: MonitorModule): ModuleComponent | null {
  return VIEWS.get(theme.id)?.modules?.[module] ?? SHARED_MODULES[module] ?? null;
}
