'use client';

import '@/components/providers/mantine-screen-styles';
import { Drawer, NavLink as MantineNavLink, ScrollArea } from '@mantine/core';
import { useTranslations } from 'next-intl';
import { Link } from '@/i18n/navigation';
import type { MenuItem } from '@/lib/shared/menu-view';
import { isActive } from './menu-utils';
import { withMantine } from '@/components/providers/mantine-scope';

function MobileItem({ item, pathname, depth, onNavigate }: { item: MenuItem; pathname: string; depth: number; onNavigate: () => void }) {
  const t = useTranslations('Routes');
  if (item.children.length === 0) {
    return (
      <MantineNavLink component={Link} href={item.path} label={t(item.title)} active={isActive(item, pathname)} onClick={onNavigate} />
    );
  }
  // Top-level groups fold; their sub-groups are open headings, as on the desktop panel.
  return (
    <MantineNavLink component="button" label={t(item.title)} defaultOpened={depth > 0 || isActive(item, pathname)} childrenOffset="md">
      {item.navigable && <MantineNavLink component={Link} href={item.path} label={t(item.title)} onClick={onNavigate} />}
      {item.children.map((child) => (
        <MobileItem key={child.path} item={child} pathname={pathname} depth={depth + 1} onNavigate={onNavigate} />
      ))}
    </MantineNavLink>
  );
}

/** The navigation as a drawer on narrow screens (loaded on first opening, see NavMenu). */
function MobileDrawerContent({
  opened,
  onClose,
  items,
  pathname,
}: {
  opened: boolean;
  onClose: () => void;
  items: MenuItem[];
  pathname: string;
}) {
  const t = useTranslations('Header');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('mainNavigation')}
      size="80%"
      scrollAreaComponent={ScrollArea.Autosize}
      closeButtonProps={{ 'aria-label': t('closeMenu') }}
    >
      {items.map((item) => (
        <MobileItem key={item.path} item={item} pathname={pathname} depth={0} onNavigate={onClose} />
      ))}
    </Drawer>
  );
}

export const MobileDrawer = withMantine(MobileDrawerContent);
