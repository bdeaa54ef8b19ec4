import { LOCALE_PREFIXES, type Locale } from '../../i18n/routing';

/** Canonical and hreflang links of a page (relative; resolved against metadataBase). */
export function pageAlternates(locale: Locale, path: string) {
  return {
    canonical: `${LOCALE_PREFIXES[locale]}${path}`,
    languages: {
      'zh-CN': `${LOCALE_PREFIXES.zh}${path}`,
      en: `${LOCALE_PREFIXES.en}${path}`,
      'x-default': `${LOCALE_PREFIXES.zh}${path}`,
    },
  };
}
