'use client';

import { Button, Group } from '@mantine/core';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { selectUser } from '@/lib/client/stores/selectors';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { preloadLoginDialog } from '../auth/login-dialog-slot';

// Signed-in controls load with the session, not with every visitor's first page.
const SignedInActions = dynamic(() => import('./signed-in-actions').then((m) => m.SignedInActions), { ssr: false });

/** Visitors: log in and register. Signed-in users: cart (MOD_061), personal center, log out. */
export function HeaderActions() {
  const t = useTranslations('Header');
  const user = useSessionStore(selectUser);
  const openLogin = useSessionStore((s) => s.openLogin);

  if (!user) {
    return (
      <Group gap="xs" wrap="nowrap">
        <Button
          size="compact-md"
          variant="white"
          onClick={() => openLogin()}
          onPointerEnter={preloadLoginDialog}
          onFocus={preloadLoginDialog}
          data-testid="login-button"
        >
          {t('login')}
        </Button>
        <Button size="compact-md" variant="outline" color="white" component={Link} href="/register">
          {t('register')}
        </Button>
      </Group>
    );
  }

  return <SignedInActions user={user} />;
}
