'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense } from 'react';
import { Link } from '@/i18n/navigation';
import { selectUser } from '@/lib/client/stores/selectors';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { preloadLoginDialog } from '../auth/login-dialog-slot';
import classes from './site-header.module.css';

// Signed-in controls load with the session, not with every visitor's first page (React's lazy: they render in the
// browser only, and next/dynamic's loader would be part of every page's first load).
const SignedInActions = lazy(() => import('./signed-in-actions').then((m) => ({ default: m.SignedInActions })));

/**
 * Visitors: log in and register. Signed-in users: cart (MOD_061), personal center, log out.
 * The visitors' two controls are plain elements styled like Mantine buttons: they are on every page
 * a visitor opens, so they should not bring the button components' script along.
 */
export function HeaderActions() {
  const t = useTranslations('Header');
  const user = useSessionStore(selectUser);
  const openLogin = useSessionStore((s) => s.openLogin);

  if (!user) {
    return (
      <div className={classes.visitorActions}>
        <button
          type="button"
          className={`${classes.headerButton} ${classes.loginButton}`}
          onClick={() => openLogin()}
          onPointerEnter={preloadLoginDialog}
          onFocus={preloadLoginDialog}
          data-testid="login-button"
        >
          {t('login')}
        </button>
        <Link href="/register" className={`${classes.headerButton} ${classes.registerButton}`}>
          {t('register')}
        </Link>
      </div>
    );
  }

  return (
    <Suspense fallback={null}>
      <SignedInActions user={user} />
    </Suspense>
  );
}
