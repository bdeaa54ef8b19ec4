'use client';

import { useSearchParams } from 'next/navigation';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { SessionBootstrap } from './session-bootstrap';

// The dialogs (forms, captcha, password encryption) load the first time one opens, not with every page. React's lazy:
// they only mount in the browser, and next/dynamic would add its own loader to every page's first load.
const LoginDialog = lazy(() => import('./login-dialog').then((m) => ({ default: m.LoginDialog })));
const SecurityUpgradeDialog = lazy(() => import('./security-upgrade-dialog').then((m) => ({ default: m.SecurityUpgradeDialog })));

/** Mounts a dialog from its first opening on (and keeps it, so closing can animate). */
function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}

/**
 * The account dialogs and session loading, mounted once. The login dialog opens from the header
 * button, from a protected link (remembering the target), and from `?login=/path` after the proxy
 * turned a visitor away from a protected page.
 */
export function LoginDialogSlot() {
  const openLogin = useSessionStore((s) => s.openLogin);
  const loginMounted = useOpenedOnce(useSessionStore((s) => s.loginOpen));
  const upgradeMounted = useOpenedOnce(useSessionStore((s) => s.upgradeOpen));
  const target = useSearchParams().get('login');

  useEffect(() => {
    if (target && target.startsWith('/') && !target.startsWith('//') && !useSessionStore.getState().user) openLogin({ target });
  }, [target, openLogin]);

  return (
    <>
      <SessionBootstrap />
      {loginMounted && (
        <Suspense fallback={null}>
          <LoginDialog />
        </Suspense>
      )}
      {upgradeMounted && (
        <Suspense fallback={null}>
          <SecurityUpgradeDialog />
        </Suspense>
      )}
    </>
  );
}

/** Starts loading the login dialog early (e.g. when the pointer reaches the login button). */
export function preloadLoginDialog(): void {
  void import('./login-dialog');
}
