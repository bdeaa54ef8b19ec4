'use client';

import NextLink from 'next/link';
import { useLocale } from 'next-intl';
import type { ComponentProps, FocusEvent, MouseEvent, TouchEvent } from 'react';
import { useRouter } from './locale-navigation';
import { localizePath, rememberLocale } from './locale-paths';
import type { Locale } from './routing';

type Props = Omit<ComponentProps<typeof NextLink>, 'locale'> & {
  /** Another language: the same path under that language's prefix (the header's language switch). */
  locale?: Locale;
};

function localizeHref(href: Props['href'], locale: Locale): Props['href'] {
  if (typeof href === 'string') return localizePath(href, locale);
  if (href.host != null || href.hostname != null || !href.pathname) return href;
  return { ...href, pathname: localizePath(href.pathname, locale) };
}

/**
 * The locale-aware Link, prefetching when a reader reaches for it (pointer, touch or focus) instead of whenever it
 * scrolls into view. Next's viewport prefetch asked for every visible link's page at once: on a page with a menu and a
 * dozen news and satellite links that was twenty-odd page renders per visit, each ISR page rendered on its first
 * request against a database that answers one query at a time (embedded PGlite), so a reader's own click or a
 * file-share load queued behind them for seconds, and the prefetched pages' eager images downloaded unseen.
 * `prefetch={false}` still turns prefetching off entirely.
 */
export function Link({ href, locale, prefetch, onClick, onMouseEnter, onTouchStart, onFocus, hrefLang, ...props }: Props) {
  const current = useLocale() as Locale;
  const router = useRouter();
  const changing = locale !== undefined && locale !== current;
  const intent = () => {
    if (prefetch === false || typeof href !== 'string' || !href.startsWith('/')) return;
    router.prefetch(href, locale ? { locale } : undefined);
  };
  return (
    <NextLink
      {...props}
      href={localizeHref(href, locale ?? current)}
      hrefLang={hrefLang ?? (changing ? locale : undefined)}
      prefetch={false}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        // Next's router may serve the other language's page from its cache: the choice is remembered here too.
        if (changing) rememberLocale(locale, current);
        onClick?.(event);
      }}
      onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => (intent(), onMouseEnter?.(event))}
      onTouchStart={(event: TouchEvent<HTMLAnchorElement>) => (intent(), onTouchStart?.(event))}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => (intent(), onFocus?.(event))}
    />
  );
}
