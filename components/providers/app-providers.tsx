'use client';

import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import { useRouter } from '@/i18n/navigation';
import { ApiClientError, configureApiClient } from '@/lib/client/api';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { NotificationsHost } from './notifications-host';
import { cssVariablesResolver, theme } from './theme';

function showError(error: unknown, title: string, fallback: string) {
  if (error instanceof ApiClientError && error.silent) return;
  if (error instanceof DOMException && error.name === 'AbortError') return;
  notifications.show({ color: 'red', title, message: error instanceof Error && error.message ? error.message : fallback });
}

/** Mantine, notifications, React Query and the fetch wrapper's hooks, for every page. */
export function AppProviders({ children }: { children: ReactNode }) {
  const t = useTranslations('Client');
  const locale = useLocale();
  const router = useRouter();
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            staleTime: 30_000,
            retry: (count, error) => !(error instanceof ApiClientError) && count < 2,
            refetchOnWindowFocus: false,
          },
        },
        queryCache: new QueryCache({ onError: (error) => showError(error, t('errorTitle'), t('unknownError')) }),
        mutationCache: new MutationCache({ onError: (error) => showError(error, t('errorTitle'), t('unknownError')) }),
      }),
  );

  useEffect(() => {
    configureApiClient({
      locale: () => locale,
      onUnauthorized: () => {
        // Spec §8: HTTP 401 logs out, goes home and warns that the login expired.
        useSessionStore.getState().clearSession();
        queryClient.clear();
        router.push('/home');
        notifications.show({ id: 'login-expired', color: 'yellow', message: t('loginExpired') });
      },
      fallbackMessage: (kind) => (kind === 'network' ? t('networkError') : t('unknownError')),
    });
  }, [locale, router, t, queryClient]);

  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <NotificationsHost />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
