'use client';

import { useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { LoginDialog } from './login-dialog';
import { SecurityUpgradeDialog } from './security-upgrade-dialog';
import { SessionBootstrap } from './session-bootstrap';

/**
 * The account dialogs and session loading, mounted once. The login dialog opens from the header
 * button, from a protected link (remembering the target), and from `?login=/path` after the proxy
 * turned a visitor away from a protected page.
 */
export function LoginDialogSlot() {
  const openLogin = useSessionStore((s) => s.openLogin);
  const target = useSearchParams().get('login');

  useEffect(() => {
    if (target && target.startsWith('/') && !target.startsWith('//') && !useSessionStore.getState().user) openLogin({ target });
  }, [target, openLogin]);

  return (
    <>
      <SessionBootstrap />
      <LoginDialog />
      <SecurityUpgradeDialog />
    </>
  );
}
