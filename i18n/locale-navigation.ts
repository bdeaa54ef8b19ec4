'use client';

/**
 * The locale-aware path, router and pathname of the browser, for the portal's routing (every path under its locale's
 * prefix, /chinese or /english; no localized pathnames): what next-intl's `createNavigation` does for this routing,
 * without its general machinery (domains, pathname templates, prefix modes), which was about 3 KB gzip of every page's
 * first-load script (issue 32.5). The server keeps next-intl's own (./server-navigation.ts, redirects).
 */
import { usePathname as useNextPathname, useRouter as useNextRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import { useMemo } from 'react';
import { localizePath, rememberLocale, unlocalizePath } from './locale-paths';
import type { Locale } from './routing';

/** The current path without its locale prefix: `/platform/newsList/notic`. */
export function usePathname(): string {
  const pathname = useNextPathname();
  const locale = useLocale() as Locale;
  return useMemo(() => unlocalizePath(pathname, locale), [pathname, locale]);
}

type NextRouter = ReturnType<typeof useNextRouter>;
/** Next's options (a prefetch's `kind` may be left to Next), plus another language to go to. */
type WithLocale<O> = Partial<O> & { locale?: Locale };
export interface LocaleRouter extends Omit<NextRouter, 'push' | 'replace' | 'prefetch'> {
  push: (href: string, options?: WithLocale<NonNullable<Parameters<NextRouter['push']>[1]>>) => void;
  replace: (href: string, options?: WithLocale<NonNullable<Parameters<NextRouter['replace']>[1]>>) => void;
  prefetch: (href: string, options?: WithLocale<NonNullable<Parameters<NextRouter['prefetch']>[1]>>) => void;
}

/** Next's router, taking paths without the locale prefix; `{ locale }` goes to the same path in another language. */
export function useRouter(): LocaleRouter {
  const router = useNextRouter();
  const current = useLocale() as Locale;
  return useMemo(() => {
    function localized<O extends object>(navigate: (href: string, options?: O) => void, remember: boolean) {
      return (href: string, options?: WithLocale<O>) => {
        const { locale, ...rest } = options ?? {};
        if (remember) rememberLocale(locale, current);
        const path = localizePath(href, locale ?? current);
        if (Object.keys(rest).length > 0) navigate(path, rest as O);
        else navigate(path);
      };
    }
    return {
      ...router,
      push: localized(router.push, true),
      replace: localized(router.replace, true),
      // A prefetch is no choice of language: it leaves the cookie alone.
      prefetch: localized(router.prefetch, false),
    };
  }, [router, current]);
}
