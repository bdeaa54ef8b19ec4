'use client';

import { ActionIcon, Button, Group, Indicator, Tooltip } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useLogout } from '@/lib/client/hooks/use-logout';
import { cartBadge, selectCartCount, selectUser } from '@/lib/client/stores/selectors';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { PERMISSIONS } from '@/lib/shared/permissions';
import { preloadLoginDialog } from '../auth/login-dialog-slot';
import { CartIcon, EditIcon, LogoutIcon, UserIcon } from '../icons';

/** Visitors: log in and register. Signed-in users: cart (MOD_061), personal center, log out. */
export function HeaderActions() {
  const t = useTranslations('Header');
  const user = useSessionStore(selectUser);
  const cartCount = useSessionStore(selectCartCount);
  const openLogin = useSessionStore((s) => s.openLogin);
  const logout = useLogout();

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

  return (
    <Group gap="xs" wrap="nowrap">
      {user.permissions.includes(PERMISSIONS.CART) && (
        <Tooltip label={t('cart')}>
          <Indicator label={cartBadge(cartCount)} size={16} disabled={cartCount === 0} color="red">
            <ActionIcon
              component={Link}
              href="/personal/personalCenter/shopping"
              variant="subtle"
              color="white"
              size="lg"
              aria-label={t('cartCount', { count: cartCount })}
            >
              <CartIcon />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      )}
      {user.permissions.includes(PERMISSIONS.EDITOR) && (
        <Tooltip label={t('manageNews')}>
          <ActionIcon component={Link} href="/manage/news" variant="subtle" color="white" size="lg" aria-label={t('manageNews')}>
            <EditIcon />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={t('personalCenter')}>
        <ActionIcon
          component={Link}
          href="/personal/personalCenter"
          variant="subtle"
          color="white"
          size="lg"
          aria-label={t('personalCenter')}
        >
          <UserIcon />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('logout')}>
        <ActionIcon variant="subtle" color="white" size="lg" aria-label={t('logout')} onClick={() => void logout()}>
          <LogoutIcon />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
