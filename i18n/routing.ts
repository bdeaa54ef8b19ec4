import { defineRouting } from 'next-intl/routing';

export const LOCALES = ['zh', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/** URL prefix of each locale: the original portal lives under /chinese and /english. */
export const LOCALE_PREFIXES = { zh: '/chinese', en: '/english' } as const satisfies Record<Locale, string>;

export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: 'zh',
  localePrefix: { mode: 'always', prefixes: LOCALE_PREFIXES },
  // A visitor's choice (the header switch) is remembered; the first visit follows Accept-Language.
  localeDetection: true,
  alternateLinks: false,
});

export function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** `<html lang>` per locale. */
export const HTML_LANG = { zh: 'zh-CN', en: 'en' } as const satisfies Record<Locale, string>;
