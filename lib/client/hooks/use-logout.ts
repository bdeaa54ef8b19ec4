'use client';

import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { useRouter } from '@/i18n/navigation';
import { API_PATHS } from '../../shared/contracts/paths';
import { apiFetch } from '../api';
import { useSessionStore } from '../stores/session-store';

/** Spec §4: revoke the session, clear user, ranges, cart count and pending target, then go home. */
export function useLogout() {
  const t = useTranslations('Header');
  const router = useRouter();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await apiFetch(API_PATHS.logout, { method: 'POST', body: {} });
      useSessionStore.getState().clearSession();
      queryClient.clear();
      router.push('/home');
    } catch {
      notifications.show({ color: 'red', message: t('logoutFailed') });
    }
  }, [queryClient, router, t]);
}
