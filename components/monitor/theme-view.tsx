/**
 * The module registry of the monitoring screens: a theme names its modules (its declaration's `modules`, the tabs
 * of spec §4), and each module is a component. The shared modules serve every theme that names them; a theme with
 * parts of its own registers them in its folder under components/monitor/themes/ (a module of its own, or a whole
 * screen for a theme whose data are not counted features), listed in themes/index.ts. The shared code asks this
 * registry and never names a theme.
 */
import { clientMessageGroups, type MessageGroup } from '@/i18n/client-messages';
import { DetailModule } from './detail-module';
import { GridModule } from './grid-module';
import type { MonitorModule } from './monitor-state';
import { SequenceModule } from './sequence-module';
import { StatisticsModule } from './statistics-module';
import type { MonitorTheme } from './theme';
import { THEME_VIEWS } from './themes';
import type { ModuleComponent, ScreenComponent, ThemeView } from './theme-view-types';
import { TrendModule } from './trend-module';

export type { ModuleComponent, ScreenComponent, ThemeView } from './theme-view-types';

/** The shared modules of feature themes: statistics, detail, grid, sequence and trend (spec §4). */
const SHARED_MODULES: Partial<Record<MonitorModule, ModuleComponent>> = {
  statistics: (props) => <StatisticsModule {...props} />,
  detail: (props) => <DetailModule {...props} />,
  grid: (props) => <GridModule {...props} />,
  sequence: (props) => <SequenceModule {...props} />,
  trend: (props) => <TrendModule {...props} />,
};

/** The message groups of the shared screen. */
export const SHARED_SCREEN_MESSAGES: readonly MessageGroup[] = clientMessageGroups([
  'MapView',
  'Monitor',
  'Spots',
  'Themes',
  // "Subscribe to new spots here" (components/subscriptions/subscribe-to-theme.tsx): its dialog, delivery fields and
  // the subscription schema's messages.
  'Subscriptions',
]);

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
