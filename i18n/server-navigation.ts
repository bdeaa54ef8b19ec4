import { redirect as nextRedirect } from 'next/navigation';
import { localizePath } from './locale-paths';
import type { Locale } from './routing';

type Query = Record<string, string | number | boolean | readonly (string | number | boolean)[]>;
export type RedirectHref = string | { pathname: string; query?: Query };

/** `{ pathname, query }` as a path with its query string (arrays as repeated keys, as next-intl writes them). */
function toPath(href: RedirectHref): string {
  if (typeof href === 'string') return href;
  if (!href.query) return href.pathname;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(href.query)) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return `${href.pathname}?${params}`;
}

/**
 * Sends a visitor to a path in a language (server components: pages that lead elsewhere, the page guard). Not
 * next-intl's `createNavigation`: on the server it also registers next-intl's client Link for every page that
 * imports it, which then loaded with home's first script although nothing drew it (issue 32.5).
 */
export function redirect({ href, locale }: { href: RedirectHref; locale: Locale }, type?: Parameters<typeof nextRedirect>[1]): never {
  return nextRedirect(localizePath(toPath(href), locale), type);
}
