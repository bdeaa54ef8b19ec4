'use client';

import { ActionIcon, Group, Indicator, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import { useLogout } from '@/lib/client/hooks/use-logout';
import { cartBadge, selectCartCount } from '@/lib/client/stores/selectors';
import type { SessionUser } from '@/lib/client/stores/slices/session-slice';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { PERMISSIONS } from '@/lib/shared/permissions';
import { CartIcon, EditIcon, FeedbackIcon, LogoutIcon, UserIcon } from '../icons';

/** Signed-in users: cart (MOD_061), news editor (editors), feedback answers (administrators), personal center, log out. */
export function SignedInActions({ user }: { user: SessionUser }) {
  const t = useTranslations('Header');
  const feedbackAdmin = useTranslations('FeedbackAdmin');
  const cartCount = useSessionStore(selectCartCount);
  const logout = useLogout();
  // Up to five icons beside the site name: smaller and closer on phones, so the name keeps its room.
  // (This island renders only in the browser, so the query is read at once, without a flash.)
  const narrow = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const size = narrow ? 'md' : 'lg';

  return (
    <Group gap={narrow ? 2 : 'xs'} wrap="nowrap">
      {user.permissions.includes(PERMISSIONS.CART) && (
        <Tooltip label={t('cart')}>
          <Indicator label={cartBadge(cartCount)} size={16} disabled={cartCount === 0} color="red">
            <ActionIcon
              component={Link}
              href="/personal/personalCenter/shopping"
              variant="subtle"
              color="white"
              size={size}
              aria-label={t('cartCount', { count: cartCount })}
            >
              <CartIcon />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      )}
      {user.permissions.includes(PERMISSIONS.EDITOR) && (
        <Tooltip label={t('manageNews')}>
          <ActionIcon component={Link} href="/manage/news" variant="subtle" color="white" size={size} aria-label={t('manageNews')}>
            <EditIcon />
          </ActionIcon>
        </Tooltip>
      )}
      {user.permissions.includes(PERMISSIONS.ADMIN) && (
        <Tooltip label={feedbackAdmin('headerLink')}>
          <ActionIcon
            component={Link}
            href="/manage/feedback"
            variant="subtle"
            color="white"
            size={size}
            aria-label={feedbackAdmin('headerLink')}
          >
            <FeedbackIcon />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={t('personalCenter')}>
        <ActionIcon
          component={Link}
          href="/personal/personalCenter"
          variant="subtle"
          color="white"
          size={size}
          aria-label={t('personalCenter')}
        >
          <UserIcon />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('logout')}>
        <ActionIcon variant="subtle" color="white" size={size} aria-label={t('logout')} onClick={() => void logout()}>
          <LogoutIcon />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
