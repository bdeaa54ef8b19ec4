'use client';

import dynamic from 'next/dynamic';
import { useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { SessionBootstrap } from './session-bootstrap';

// The dialogs (forms, captcha, password encryption) load the first time one opens, not with every page.
const LoginDialog = dynamic(() => import('./login-dialog').then((m) => m.LoginDialog), { ssr: false });
const SecurityUpgradeDialog = dynamic(() => import('./security-upgrade-dialog').then((m) => m.SecurityUpgradeDialog), { ssr: false });

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
      {loginMounted && <LoginDialog />}
      {upgradeMounted && <SecurityUpgradeDialog />}
    </>
  );
}

/** Starts loading the login dialog early (e.g. when the pointer reaches the login button). */
export function preloadLoginDialog(): void {
  void import('./login-dialog');
}
