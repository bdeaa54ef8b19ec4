import type { Locale } from '../../i18n/routing';

/** The Chinese or English one of a pair, in the caller's language: the one place a locale picks between two texts. */
export function inLocale<T>(locale: Locale, zh: T, en: T): T {
  return locale === 'zh' ? zh : en;
}
