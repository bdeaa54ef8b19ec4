'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, usePathname } from '@/i18n/navigation';
import { selectLoggedIn, selectPermissions } from '@/lib/client/stores/selectors';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { menuFor, type MenuItem, type MenuNode } from '@/lib/shared/menu-view';
import { ChevronDownIcon } from '../icons';
import { isActive } from './menu-utils';
import classes from './nav-menu.module.css';

// The phone drawer loads the first time it opens: most visitors on a wide screen never need it (React's lazy, not
// next/dynamic, whose loader would be part of every page's first load).
const MobileDrawer = lazy(() => import('./mobile-drawer').then((m) => ({ default: m.MobileDrawer })));

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
        <Link
          href={item.path}
          className={classes.trigger}
          data-active={active || undefined}
          aria-current={pathname === item.path ? 'page' : undefined}
        >
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

/**
 * The top navigation: the menu tree the server built from the route registry (so the registry is not part of
 * every page's script), filtered by what the viewer may see.
 */
export function NavMenu({ tree }: { tree: readonly MenuNode[] }) {
  const t = useTranslations('Header');
  const pathname = usePathname();
  const loggedIn = useSessionStore(selectLoggedIn);
  const permissions = useSessionStore(selectPermissions);
  const items = useMemo(() => menuFor(tree, { loggedIn, permissions }), [tree, loggedIn, permissions]);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  if (drawerOpen && !drawerLoaded) setDrawerLoaded(true);

  return (
    <nav aria-label={t('mainNavigation')} className={classes.nav}>
      <ul className={classes.list} data-testid="main-menu">
        {items.map((item) => (
          <TopItem key={item.path} item={item} pathname={pathname} />
        ))}
      </ul>
      <div className={classes.mobileBar}>
        <button
          type="button"
          className={classes.burger}
          aria-expanded={drawerOpen}
          aria-label={drawerOpen ? t('closeMenu') : t('openMenu')}
          onClick={() => setDrawerOpen((o) => !o)}
        >
          <span className={classes.burgerLines} data-opened={drawerOpen || undefined} />
        </button>
      </div>
      {drawerLoaded && (
        <Suspense fallback={null}>
          <MobileDrawer opened={drawerOpen} onClose={closeDrawer} items={items} pathname={pathname} />
        </Suspense>
      )}
    </nav>
  );
}
