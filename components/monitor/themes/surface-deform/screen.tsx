'use client';

import { Alert, Button, Stack, Text, UnstyledButton } from '@mantine/core';
import { usePathname, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useMemo, type KeyboardEvent } from 'react';
import { useOwnAreaRanges } from '@/lib/client/queries/profile';
import { selectUser } from '@/lib/client/stores/selectors';
import { useSessionStore } from '@/lib/client/stores/session-store';
import type { MapClientConfig } from '@/lib/shared/map/config';
import type { ThemeDefinition, ThemeId } from '@/lib/shared/themes';
import classes from '../../monitor.module.css';
import { QueryState } from '../../query-state';
import { DEFORM_MODULES, deformSearch, parseDeformState, type DeformModule, type DeformState } from './state';
import { ProductsModule } from './products-module';
import { RatesModule } from './rates-module';

export interface DeformUpdate {
  (patch: Partial<DeformState>, options?: { replace?: boolean }): void;
}

/** The two modules as a tab list driven by arrow keys (one tab stop); the URL keeps the choice. */
function Tabs({ active, onSwitch }: { active: DeformModule; onSwitch: (m: DeformModule) => void }) {
  const t = useTranslations('Monitor');
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft' && event.key !== 'Home' && event.key !== 'End') return;
    const index = DEFORM_MODULES.indexOf(active);
    const n = DEFORM_MODULES.length;
    const next =
      event.key === 'Home' ? 0 : event.key === 'End' ? n - 1 : event.key === 'ArrowRight' ? (index + 1) % n : (index - 1 + n) % n;
    event.preventDefault();
    onSwitch(DEFORM_MODULES[next]!);
    document.getElementById(`deform-tab-${DEFORM_MODULES[next]}`)?.focus();
  };
  return (
    <div role="tablist" aria-label={t('modules')} className={classes.tabs} onKeyDown={onKeyDown}>
      {DEFORM_MODULES.map((module) => (
        <UnstyledButton
          key={module}
          id={`deform-tab-${module}`}
          role="tab"
          aria-selected={module === active}
          aria-controls="deform-panel"
          tabIndex={module === active ? 0 : -1}
          className={classes.tab}
          data-active={module === active || undefined}
          onClick={() => onSwitch(module)}
        >
          {t(`module.${module}`)}
        </UnstyledButton>
      ))}
    </div>
  );
}

/**
 * The surface deformation screen (ADR 0015): product search and rate grid. Both need a session and
 * MOD_076; the rate grid also an area range (spec §4, §6), its API and layer answer only cells within it.
 */
export function DeformationScreen({ theme, config }: { theme: ThemeDefinition<ThemeId>; config: MapClientConfig }) {
  const t = useTranslations('Monitor');
  const td = useTranslations('Deformation');
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const state = useMemo(() => parseDeformState(new URLSearchParams(searchParams.toString())), [searchParams]);
  const user = useSessionStore(selectUser);
  const openLogin = useSessionStore((s) => s.openLogin);
  const permitted = user !== null && user.permissions.includes(theme.permission);
  const rangesQuery = useOwnAreaRanges(permitted);
  const ranges = (rangesQuery.data ?? []).filter((r) => r.type === 'regionId');

  const update = useCallback<DeformUpdate>(
    (patch, options) => {
      const next = deformSearch({ ...parseDeformState(new URLSearchParams(window.location.search)), ...patch });
      const url = next ? `${pathname}?${next}` : pathname;
      // The Next router would re-render the server page; the history API keeps the screen and its map.
      if (options?.replace) window.history.replaceState(null, '', url);
      else window.history.pushState(null, '', url);
    },
    [pathname],
  );

  let body;
  if (!user) {
    body = (
      <Alert color="blue" title={t('loginTitle')} data-testid="monitor-login-needed">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{td('loginText')}</Text>
          <Button size="xs" onClick={() => openLogin()}>
            {t('loginButton')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (!permitted) {
    body = (
      <Alert color="yellow" role="alert" data-testid="monitor-no-permission">
        {t('themeForbidden')}
      </Alert>
    );
  } else if (state.module === 'products') {
    body = <ProductsModule config={config} state={state} update={update} />;
  } else if (rangesQuery.isPending || rangesQuery.isError) {
    body = (
      <QueryState loading={rangesQuery.isPending} error={rangesQuery.error}>
        {null}
      </QueryState>
    );
  } else if (ranges.length === 0) {
    body = (
      <Alert color="yellow" role="alert" data-testid="monitor-no-range">
        {t('noRange')}
      </Alert>
    );
  } else {
    body = <RatesModule config={config} state={state} update={update} />;
  }

  return (
    <Stack gap="sm">
      <Tabs active={state.module} onSwitch={(module) => update({ module })} />
      <div id="deform-panel" role="tabpanel" aria-labelledby={`deform-tab-${state.module}`}>
        {body}
      </div>
    </Stack>
  );
}
