'use client';

import { Alert, Badge, Button, Group, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { usePathname, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import { RegionBreadcrumb } from '@/components/statistics/region-breadcrumb';
import { SubscribeToTheme } from '@/components/subscriptions/subscribe-to-theme';
import { useOwnAreaRanges } from '@/lib/client/queries/profile';
import { useSpotBatches } from '@/lib/client/queries/spots';
import { selectUser } from '@/lib/client/stores/selectors';
import { useSessionStore } from '@/lib/client/stores/session-store';
import type { MapClientConfig } from '@/lib/shared/map/config';
import type { ModuleProps } from './monitor-context';
import {
  filterCodesOf,
  monitorSearch,
  parseMonitorState,
  RANGE_MODULES,
  rangeCovers,
  rangeRegion,
  type MonitorModule,
  type MonitorState,
} from './monitor-state';
import classes from './monitor.module.css';
import { QueryState } from './query-state';
import type { MonitorTheme } from './theme';
import { moduleOf } from './theme-view';

/**
 * The module switcher: a tab list driven by arrow keys (one tab stop), each tab naming whether it
 * needs login. The modules are views of one map, so they switch in place and the URL keeps the choice.
 */
function ModuleTabs({
  modules: MONITOR_MODULES,
  active,
  onSwitch,
  signedIn,
}: {
  modules: readonly MonitorModule[];
  active: MonitorModule;
  onSwitch: (m: MonitorModule) => void;
  signedIn: boolean;
}) {
  const t = useTranslations('Monitor');
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = MONITOR_MODULES.indexOf(active);
    const next =
      event.key === 'ArrowRight'
        ? MONITOR_MODULES[(index + 1) % MONITOR_MODULES.length]
        : event.key === 'ArrowLeft'
          ? MONITOR_MODULES[(index - 1 + MONITOR_MODULES.length) % MONITOR_MODULES.length]
          : event.key === 'Home'
            ? MONITOR_MODULES[0]
            : event.key === 'End'
              ? MONITOR_MODULES[MONITOR_MODULES.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    document.getElementById(`monitor-tab-${next}`)?.focus();
  };
  return (
    <div role="tablist" aria-label={t('modules')} className={classes.tabs} onKeyDown={onKeyDown}>
      {MONITOR_MODULES.map((module) => (
        <UnstyledButton
          key={module}
          id={`monitor-tab-${module}`}
          role="tab"
          aria-selected={module === active}
          aria-controls="monitor-panel"
          tabIndex={module === active ? 0 : -1}
          className={classes.tab}
          data-active={module === active || undefined}
          onClick={() => onSwitch(module)}
        >
          {t(`module.${module}`)}
          {RANGE_MODULES.has(module) && !signedIn ? (
            <Text span size="xs" c="dimmed" ml={4}>
              {t('needsLogin')}
            </Text>
          ) : null}
        </UnstyledButton>
      ))}
    </div>
  );
}

/** A module of the theme: its own, or the shared one (theme-view.tsx). */
function ThemeModule({ module, ...props }: ModuleProps & { module: MonitorModule }) {
  return moduleOf(props.theme, module)?.(props) ?? null;
}

export interface MonitorScreenProps {
  theme: MonitorTheme;
  config: MapClientConfig;
}

/** A monitoring theme's screen: module switcher, region breadcrumb, batch selector and the module's map and panels. */
export function MonitorScreen({ theme, config }: MonitorScreenProps) {
  const t = useTranslations('Monitor');
  const pathname = usePathname();
  const searchParams = useSearchParams();
  // A module the theme does not offer (spec §4: simple themes have statistics and detail) opens statistics.
  const codes = useMemo(() => filterCodesOf(theme), [theme]);
  const state = useMemo(() => {
    const parsed = parseMonitorState(searchParams, codes);
    return theme.modules.includes(parsed.module) ? parsed : { ...parsed, module: 'statistics' as const };
  }, [searchParams, theme.modules, codes]);
  const user = useSessionStore(selectUser);
  const openLogin = useSessionStore((s) => s.openLogin);
  const rangesQuery = useOwnAreaRanges(user !== null);
  const ranges = useMemo(() => (rangesQuery.data ?? []).filter((r) => r.type === 'regionId').map((r) => r.regionId), [rangesQuery.data]);
  const batchesQuery = useSpotBatches(theme);
  const batches = useMemo(() => batchesQuery.data?.series ?? [], [batchesQuery.data]);
  const batch = batches.find((b) => b.id === state.batch) ?? batches.find((b) => b.current) ?? batches.at(-1) ?? null;
  const [warning, setWarning] = useState<string | null>(null);

  // Reads the URL at call time, so a switch queued behind the login dialog applies to the view as it is then.
  const update = useCallback(
    (patch: Partial<MonitorState>, options: { replace?: boolean } = {}) => {
      const current = parseMonitorState(new URLSearchParams(window.location.search), codes);
      const url = `${pathname}${monitorSearch({ ...current, ...patch })}`;
      if (options.replace) window.history.replaceState(null, '', url);
      else window.history.pushState(null, '', url);
    },
    [pathname, codes],
  );

  const switchModule = useCallback(
    (module: MonitorModule) => {
      setWarning(null);
      if (RANGE_MODULES.has(module)) {
        // Spec §4: without a session the login dialog opens and the switch runs after login.
        if (!useSessionStore.getState().user) {
          openLogin({ then: () => update({ module, page: 1, spot: null }) });
          return;
        }
        // Spec §4: a route needing a permission checks it, then a non-empty area range.
        if (!useSessionStore.getState().user?.permissions.includes(theme.permission)) {
          setWarning(t('noPermission'));
          return;
        }
        if (rangesQuery.isSuccess && ranges.length === 0) {
          setWarning(t('noRange'));
          return;
        }
      }
      update({ module, page: 1, spot: null });
    },
    [openLogin, update, rangesQuery.isSuccess, ranges.length, t, theme.permission],
  );

  const selectRegion = useCallback((region: string) => update({ region, page: 1, spot: null }), [update]);
  const needsRange = RANGE_MODULES.has(state.module);
  const permitted = user !== null && user.permissions.includes(theme.permission);

  // Spec §4 scope: the detail, grid and sequence modules show the current region when a range covers
  // it, otherwise the user's own range. The screen moves there (keeping the history entry), so a city
  // user opens on their city, with map, breadcrumb and list agreeing, instead of the whole country.
  const inRange = needsRange && permitted && rangesQuery.isSuccess && ranges.length > 0;
  const rangeTarget = inRange ? rangeRegion(ranges, state.region) : state.region;
  useEffect(() => {
    // The spot and page stay: outside a single range the list already showed that whole range.
    if (rangeTarget !== state.region) update({ region: rangeTarget }, { replace: true });
  }, [rangeTarget, state.region, update]);
  const canOpen = useCallback((code: string) => !inRange || rangeCovers(ranges, code), [inRange, ranges]);
  const props: ModuleProps = { theme, config, state, update, batches, batch, ranges, mapLabel: t('mapLabel') };

  let body;
  if (needsRange && !user) {
    body = (
      <Alert color="blue" title={t('loginTitle')} data-testid="monitor-login-needed">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('loginText')}</Text>
          <Button size="xs" onClick={() => openLogin()}>
            {t('loginButton')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (needsRange && !permitted) {
    body = (
      <Alert color="yellow" role="alert" data-testid="monitor-no-permission">
        {t('noPermission')}
      </Alert>
    );
  } else if (needsRange && (rangesQuery.isPending || rangesQuery.isError)) {
    body = (
      <QueryState loading={rangesQuery.isPending} error={rangesQuery.error}>
        {null}
      </QueryState>
    );
  } else if (needsRange && ranges.length === 0) {
    body = (
      <Alert color="yellow" role="alert" data-testid="monitor-no-range">
        {t('noRange')}
      </Alert>
    );
  } else if (rangeTarget !== state.region) {
    // Moving to the user's range (the effect above): nothing of the region outside it is shown.
    body = (
      <QueryState loading error={null}>
        {null}
      </QueryState>
    );
  } else if (state.module !== 'trend' && (batchesQuery.isPending || batchesQuery.isError)) {
    body = (
      <QueryState loading={batchesQuery.isPending} error={batchesQuery.error}>
        {null}
      </QueryState>
    );
  } else {
    body = <ThemeModule module={state.module} {...props} />;
  }

  // The field shows the batch name alone, so it fits a phone; the list marks the current batch.
  const batchOptions = [...batches].reverse().map((b) => ({ value: b.id, label: b.typeName }));
  const currentBatchId = batches.find((b) => b.current)?.id ?? null;
  // One batch selection drives the statistics, the grid and the detail, so their counts agree (issue 32.7).
  const showsBatch = state.module === 'statistics' || state.module === 'grid' || state.module === 'detail';

  return (
    <Stack gap="sm">
      <ModuleTabs modules={theme.modules} active={state.module} onSwitch={switchModule} signedIn={user !== null} />
      {warning ? (
        <Alert
          color="yellow"
          role="alert"
          withCloseButton
          onClose={() => setWarning(null)}
          closeButtonLabel={t('close')}
          data-testid="monitor-warning"
        >
          {warning}
        </Alert>
      ) : null}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <RegionBreadcrumb region={state.region} canOpen={canOpen} onSelect={selectRegion} />
        <Group gap="xs" wrap="wrap" className={classes.batchBar}>
          {showsBatch && batchOptions.length > 0 ? (
            <Select
              label={t('batch')}
              size="xs"
              className={classes.batchSelect}
              data={batchOptions}
              value={batch?.id ?? null}
              allowDeselect={false}
              renderOption={({ option }) =>
                option.value === currentBatchId ? t('currentBatchOption', { name: option.label }) : option.label
              }
              comboboxProps={{ width: 'target', position: 'bottom-end' }}
              // In the detail, choosing a batch replaces dates that picked batches before.
              onChange={(value) =>
                value && update({ batch: value, spot: null, ...(state.module === 'detail' ? { from: null, to: null, page: 1 } : {}) })
              }
              data-testid="monitor-batch"
            />
          ) : null}
          {batch?.demo ? (
            <Badge color="yellow" variant="light">
              {t('demo')}
            </Badge>
          ) : null}
          <SubscribeToTheme theme={theme} region={state.region} ranges={ranges} />
        </Group>
      </Group>
      <div
        id="monitor-panel"
        role="tabpanel"
        aria-labelledby={`monitor-tab-${state.module}`}
        data-testid={`monitor-module-${state.module}`}
      >
        {body}
      </div>
    </Stack>
  );
}
