'use client';

import { notifications } from '@mantine/notifications';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { useRouter } from '@/i18n/navigation';
import { API_PATHS } from '../../shared/contracts/paths';
import { apiFetch } from '../api';
import { resetQueries } from '../query-events';
import { useSessionStore } from '../stores/session-store';

/** Spec §4: revoke the session, clear user, ranges, cart count and pending target, then go home. */
export function useLogout() {
  const t = useTranslations('Header');
  const router = useRouter();
  return useCallback(async () => {
    try {
      await apiFetch(API_PATHS.logout, { method: 'POST', body: {} });
      useSessionStore.getState().clearSession();
      resetQueries();
      router.push('/home');
    } catch {
      notifications.show({ color: 'red', message: t('logoutFailed') });
    }
  }, [router, t]);
}
