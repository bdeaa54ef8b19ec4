'use client';

import { Burger, Drawer, NavLink as MantineNavLink, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslations } from 'next-intl';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Link, usePathname } from '@/i18n/navigation';
import { selectViewer } from '@/lib/client/stores/selectors';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { buildMenu, type MenuItem } from '@/lib/shared/menu';
import { ChevronDownIcon } from '../icons';
import classes from './nav-menu.module.css';

const isActive = (item: MenuItem, pathname: string) => pathname === item.path || pathname.startsWith(`${item.path}/`);

function flattenLinks(item: MenuItem): MenuItem[] {
  return [...(item.navigable ? [item] : []), ...item.children.flatMap(flattenLinks)];
}

/** One top-level entry: a link, or a trigger whose panel opens on hover, focus, click, Enter or ArrowDown. */
function TopItem({ item, pathname }: { item: MenuItem; pathname: string }) {
  const t = useTranslations('Routes');
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLLIElement>(null);
  const triggerRef = useRef<HTMLButtonElement & HTMLAnchorElement>(null);
  const panelId = `nav-panel-${item.path.replace(/\W+/g, '-')}`;
  const active = isActive(item, pathname);

  if (item.children.length === 0) {
    return (
      <li className={classes.item}>
        <Link href={item.path} className={classes.trigger} data-active={active || undefined} aria-current={pathname === item.path ? 'page' : undefined}>
          {t(item.title)}
        </Link>
      </li>
    );
  }

  const focusFirst = () => rootRef.current?.querySelector<HTMLAnchorElement>(`#${panelId} a`)?.focus();
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      triggerRef.current?.focus();
      event.preventDefault();
    } else if (event.key === 'ArrowDown' && event.target === triggerRef.current) {
      setOpen(true);
      requestAnimationFrame(focusFirst);
      event.preventDefault();
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && open) {
      const links = [...(rootRef.current?.querySelectorAll<HTMLAnchorElement>(`#${panelId} a`) ?? [])];
      const at = links.indexOf(document.activeElement as HTMLAnchorElement);
      if (at >= 0) {
        const next = links[(at + (event.key === 'ArrowDown' ? 1 : links.length - 1)) % links.length];
        next?.focus();
        event.preventDefault();
      }
    }
  };

  return (
    <li
      ref={rootRef}
      className={classes.item}
      data-open={open || undefined}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={onKeyDown}
    >
      <button
        ref={triggerRef}
        type="button"
        className={classes.trigger}
        data-active={active || undefined}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {t(item.title)}
        <ChevronDownIcon size={14} className={classes.chevron} />
      </button>
      <div id={panelId} className={classes.panel} hidden={!open}>
        <ul className={classes.panelList}>
          {item.children.map((child) => (
            <li key={child.path}>
              {child.navigable ? (
                <Link href={child.path} className={classes.panelLink} aria-current={pathname === child.path ? 'page' : undefined}>
                  {t(child.title)}
                </Link>
              ) : (
                <span className={classes.panelHeading}>{t(child.title)}</span>
              )}
              {child.children.length > 0 && (
                <ul className={classes.panelSub}>
                  {child.children.flatMap(flattenLinks).map((leaf) => (
                    <li key={leaf.path}>
                      <Link href={leaf.path} className={classes.panelLink} aria-current={pathname === leaf.path ? 'page' : undefined}>
                        {t(leaf.title)}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

function MobileItem({ item, pathname, depth, onNavigate }: { item: MenuItem; pathname: string; depth: number; onNavigate: () => void }) {
  const t = useTranslations('Routes');
  if (item.children.length === 0) {
    return <MantineNavLink component={Link} href={item.path} label={t(item.title)} active={isActive(item, pathname)} onClick={onNavigate} />;
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

/** The top navigation, built from the route registry and filtered by what the viewer may see. */
export function NavMenu() {
  const t = useTranslations('Header');
  const pathname = usePathname();
  const viewer = useSessionStore(useShallow(selectViewer));
  const items = useMemo(() => buildMenu(viewer), [viewer]);
  const [drawerOpen, drawer] = useDisclosure(false);

  return (
    <nav aria-label={t('mainNavigation')} className={classes.nav}>
      <ul className={classes.list} data-testid="main-menu">
        {items.map((item) => (
          <TopItem key={item.path} item={item} pathname={pathname} />
        ))}
      </ul>
      <div className={classes.mobileBar}>
        <Burger opened={drawerOpen} onClick={drawer.toggle} color="white" aria-label={drawerOpen ? t('closeMenu') : t('openMenu')} />
      </div>
      <Drawer
        opened={drawerOpen}
        onClose={drawer.close}
        title={t('mainNavigation')}
        size="80%"
        scrollAreaComponent={ScrollArea.Autosize}
        closeButtonProps={{ 'aria-label': t('closeMenu') }}
      >
        {items.map((item) => (
          <MobileItem key={item.path} item={item} pathname={pathname} depth={0} onNavigate={drawer.close} />
        ))}
      </Drawer>
    </nav>
  );
}
