'use client';

import '@/components/providers/mantine-screen-styles';
import { ActionIcon, Button, Group, Indicator, Menu, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslations } from 'next-intl';
import { useEffect, type ReactNode } from 'react';
import { Link } from '@/i18n/navigation';
import { useLogout } from '@/lib/client/hooks/use-logout';
import { useCartCount } from '@/lib/client/queries/cart-count';
import { withQueries } from '../providers/query-boundary';
import { cartBadge, selectCartCount } from '@/lib/client/stores/selectors';
import type { SessionUser } from '@/lib/client/stores/slices/session-slice';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { PERMISSIONS } from '@/lib/shared/permissions';
import { CART_PATH, isBuiltPath } from '@/lib/shared/routes';
import { CartIcon, EditIcon, FeedbackIcon, LogoutIcon, UserIcon } from '../icons';
import { withMantine } from '@/components/providers/mantine-scope';

/**
 * A header control that links to a screen: on a wide screen its icon and its name in words (the tools are not a
 * guessing game), elsewhere the icon alone, named by its tooltip.
 */
function IconLink({
  href,
  label,
  size,
  labelled = false,
  children,
}: {
  href: string;
  label: string;
  size: 'md' | 'lg';
  labelled?: boolean;
  children: ReactNode;
}) {
  if (labelled)
    return (
      <Button component={Link} href={href} variant="subtle" color="white" size="compact-md" leftSection={children}>
        {label}
      </Button>
    );
  return (
    <Tooltip label={label}>
      <ActionIcon component={Link} href={href} variant="subtle" color="white" size={size} aria-label={label}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The cart icon with its badge (99+ over 99): the count is a query of the cart's keys, so adding,
 * removing and ordering refresh it, and a login (a new user id in the key) loads that user's count.
 */
const CartLink = withQueries(function CartLink({ size }: { size: 'md' | 'lg' }) {
  const t = useTranslations('Header');
  const setCartCount = useSessionStore((s) => s.setCartCount);
  const { data } = useCartCount(true);
  const stored = useSessionStore(selectCartCount);
  const cartCount = data?.count ?? stored;
  useEffect(() => {
    if (data) setCartCount(data.count);
  }, [data, setCartCount]);
  return (
    <Tooltip label={t('cart')}>
      <Indicator label={cartBadge(cartCount)} size={16} disabled={cartCount === 0} color="red" data-testid="cart-badge">
        <ActionIcon
          component={Link}
          href={CART_PATH}
          variant="subtle"
          color="white"
          size={size}
          aria-label={t('cartCount', { count: cartCount })}
          data-testid="cart-link"
        >
          <CartIcon />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
});

/** Signed-in users: cart (MOD_061), news editor (editors), the administrators' menu (feedback, applications, orders, orbit elements), personal center, log out. */
function SignedInActionsContent({ user }: { user: SessionUser }) {
  const t = useTranslations('Header');
  const logout = useLogout();
  // Up to five icons beside the site name: smaller and closer on phones, so the name keeps its room.
  // (This island renders only in the browser, so the query is read at once, without a flash.)
  const narrow = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  const size = narrow ? 'md' : 'lg';
  // The editors' and administrators' tools say what they are in words where the header has the room.
  const wide = useMediaQuery('(min-width: 75em)', false, { getInitialValueInEffect: false });

  return (
    <Group gap={narrow ? 2 : 'xs'} wrap="nowrap">
      {user.permissions.includes(PERMISSIONS.CART) && isBuiltPath(CART_PATH) && <CartLink size={size} />}
      {user.permissions.includes(PERMISSIONS.EDITOR) && (
        <IconLink href="/manage/news" label={t('manageNews')} size={size} labelled={wide}>
          <EditIcon />
        </IconLink>
      )}
      {user.permissions.includes(PERMISSIONS.ADMIN) && (
        // Administrators' screens: feedback, data applications, orders, orbit elements (one icon, so phones keep their room).
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            {wide ? (
              <Button variant="subtle" color="white" size="compact-md" leftSection={<FeedbackIcon />} data-testid="admin-menu">
                {t('adminMenu')}
              </Button>
            ) : (
              <Tooltip label={t('adminMenu')}>
                <ActionIcon variant="subtle" color="white" size={size} aria-label={t('adminMenu')} data-testid="admin-menu">
                  <FeedbackIcon />
                </ActionIcon>
              </Tooltip>
            )}
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item component={Link} href="/manage/feedback">
              {t('feedbackAdminLink')}
            </Menu.Item>
            <Menu.Item component={Link} href="/manage/applications" data-testid="admin-applications">
              {t('applicationsAdminLink')}
            </Menu.Item>
            <Menu.Item component={Link} href="/manage/orders" data-testid="admin-orders">
              {t('ordersAdminLink')}
            </Menu.Item>
            <Menu.Item component={Link} href="/manage/tle" data-testid="admin-tle">
              {t('tleAdminLink')}
            </Menu.Item>
            <Menu.Item component={Link} href="/manage/push" data-testid="admin-push">
              {t('pushAdminLink')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
      <IconLink href="/personal/personalCenter" label={t('personalCenter')} size={size}>
        <UserIcon />
      </IconLink>
      <Tooltip label={t('logout')}>
        <ActionIcon variant="subtle" color="white" size={size} aria-label={t('logout')} onClick={() => void logout()}>
          <LogoutIcon />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** Mantine's controls in the header: with a provider of their own, since content pages have none. */
export const SignedInActions = withMantine(SignedInActionsContent);
