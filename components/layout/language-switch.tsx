'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState, type MouseEvent } from 'react';
import { Link, usePathname, useRouter } from '@/i18n/navigation';
import classes from './site-header.module.css';

/** The query string and hash of the page as it is now (screens change them without a navigation). */
function currentSuffix(): string {
  return window.location.search + window.location.hash;
}

/**
 * Switches language on the same page, keeping its query and hash (land-cover module, region, spot, `?page=`).
 * The query is read from `location` rather than `useSearchParams`, which would make every static page render its
 * header in the browser only: the link's address takes it up when a pointer or the focus arrives, and a click reads it
 * afresh.
 */
export function LanguageSwitch() {
  const t = useTranslations('LanguageSwitch');
  const locale = useLocale();
  const pathname = usePathname();
  const router = useRouter();
  const other = locale === 'zh' ? 'en' : 'zh';
  // Read when a pointer or the focus reaches the link (before any click, middle click or context menu); kept per path.
  const [seen, setSeen] = useState({ pathname, suffix: '' });
  const suffix = seen.pathname === pathname ? seen.suffix : '';
  const refresh = () => setSeen({ pathname, suffix: currentSuffix() });

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // A new tab or window (modifier keys, middle button) keeps the browser's own handling of the updated href.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    router.push(pathname + currentSuffix(), { locale: other });
  }

  return (
    <Link
      href={pathname + suffix}
      locale={other}
      hrefLang={other}
      lang={other === 'zh' ? 'zh-CN' : 'en'}
      className={classes.langSwitch}
      aria-label={t('switchTo')}
      data-testid="language-switch"
      onClick={onClick}
      onPointerEnter={refresh}
      onFocus={refresh}
    >
      {t(other)}
    </Link>
  );
}
