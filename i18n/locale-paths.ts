/**
 * Paths under the portal's locale prefixes (/chinese, /english; no localized pathnames), as next-intl writes them for
 * this routing, and the cookie that remembers a visitor's language. Plain functions: ./locale-navigation.ts builds the
 * browser's router and pathname on them, ./intent-link.tsx the Link.
 */
import { LOCALE_PREFIXES, type Locale } from './routing';

/** The cookie that remembers a visitor's language choice (next-intl's, read by proxy.ts). */
export const LOCALE_COOKIE = 'NEXT_LOCALE';

/** Whether next-intl would localize this href: a path on this site ("/…"), not a URL with a scheme or a relative path. */
function isLocalizable(pathname: string | null | undefined): pathname is string {
  return typeof pathname === 'string' && pathname.startsWith('/') && !/^[a-z]+:/i.test(pathname);
}

/** `/news?x` → `/english/news?x`; `/` → `/english` (no trailing slash); other hrefs as they are. */
export function localizePath(href: string, locale: Locale): string {
  if (!isLocalizable(href)) return href;
  return LOCALE_PREFIXES[locale] + (/^\/(\?.*)?$/.test(href) ? href.slice(1) : href);
}

/** The path without its locale prefix (or without `/zh`, `/en`, which an internal rewrite can show), `/` at least. */
export function unlocalizePath(pathname: string, locale: Locale): string {
  for (const prefix of [LOCALE_PREFIXES[locale], `/${locale}`]) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) return pathname.slice(prefix.length) || '/';
  }
  return pathname;
}

/**
 * Remembers the language a visitor switches to: the next request then carries it even when Next's router serves the
 * page from its cache without asking the server (as next-intl does, amannn/next-intl#786).
 */
export function rememberLocale(next: Locale | undefined, current: Locale): void {
  if (next === undefined || next === current) return;
  document.cookie = `${LOCALE_COOKIE}=${next};sameSite=lax;path=/;`;
}
