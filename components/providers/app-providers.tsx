'use client';

import { notifications } from '@mantine/notifications';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, type ReactNode } from 'react';
import { useRouter } from '@/i18n/navigation';
import { ApiClientError, configureApiClient } from '@/lib/client/api-config';
import { resetQueries, setQueryErrorHandler } from '@/lib/client/query-events';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { NotificationsHost } from './notifications-host';

const BUSY_NOTIFICATION = 'service-busy';

function showError(error: unknown, title: string, fallback: string) {
  if (error instanceof ApiClientError && error.silent) return;
  // Retries of a busy service ran out: the error replaces the "retrying" note.
  if (error instanceof ApiClientError && error.kind === 'busy') notifications.hide(BUSY_NOTIFICATION);
  if (error instanceof DOMException && error.name === 'AbortError') return;
  notifications.show({ color: 'red', title, message: error instanceof Error && error.message ? error.message : fallback });
}

/**
 * Notifications and the fetch wrapper's hooks, for every page. Mantine's provider is not here: screens bring it in
 * their layouts and on-demand parts in their own modules (mantine-scope.tsx), so content pages load none of Mantine.
 * Nor is React Query: the parts that run queries bring it (components/providers/query-boundary.tsx).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const t = useTranslations('Client');
  const locale = useLocale();
  const router = useRouter();
  useEffect(() => {
    setQueryErrorHandler((error) => showError(error, t('errorTitle'), t('unknownError')));
    configureApiClient({
      locale: () => locale,
      onUnauthorized: () => {
        // Spec §8: HTTP 401 logs out, goes home and warns that the login expired.
        useSessionStore.getState().clearSession();
        resetQueries();
        router.push('/home');
        notifications.show({ id: 'login-expired', color: 'yellow', message: t('loginExpired') });
      },
      fallbackMessage: (kind) => (kind === 'network' ? t('networkError') : t('unknownError')),
      // A 503 is retried by the query layer: say so once, until an answer comes through.
      onBusy: () =>
        notifications.show({ id: BUSY_NOTIFICATION, color: 'yellow', loading: true, autoClose: false, message: t('busyRetrying') }),
      onRecovered: () => notifications.hide(BUSY_NOTIFICATION),
    });
  }, [locale, router, t]);

  return (
    <>
      <NotificationsHost />
      {children}
    </>
  );
}
