'use client';

import { MantineProvider } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { useMemo, type ComponentType, type ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme';

/**
 * Mantine's provider for what renders Mantine's own components: the screens (their route layouts) and the parts
 * content pages load on demand (dialogs, the phone drawer, the signed-in controls, the notification list). Content
 * pages draw with components/ui/mantine-static.tsx and load none of Mantine's script (issue 32.5).
 *
 * The theme's CSS variables are not written here: theme-variables.css holds them for every page
 * (mantine-scope.test.tsx keeps it equal to what Mantine writes for this theme), so providers nest freely.
 */
export function MantineScope({ children }: { children: ReactNode }) {
  // Mantine's notification close button has no name of its own; a plain object, not Notification.extend,
  // so the component itself still loads only with the first notification.
  const closeLabel = useTranslations('Client')('closeNotification');
  const localizedTheme = useMemo(
    () => ({
      ...theme,
      components: { ...theme.components, Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } } },
    }),
    [closeLabel],
  );
  return (
    <MantineProvider theme={localizedTheme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light" withCssVariables={false}>
      {children}
    </MantineProvider>
  );
}

/** A part loaded on demand (a dialog, the phone drawer) with Mantine's provider of its own: content pages have none. */
export function withMantine<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function WithMantine(props: P) {
    return (
      <MantineScope>
        <Component {...props} />
      </MantineScope>
    );
  }
  return WithMantine;
}
