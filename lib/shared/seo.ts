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

/**
 * The site's default Open Graph image (public/og, drawn by scripts/og-image.mjs). A page that sets its
 * own `openGraph` replaces the layout's whole object, so it passes this again unless it has a picture.
 */
export function defaultOgImage(locale: Locale, alt: string) {
  return { url: `/og/og-${locale}.png`, width: 1200, height: 630, alt, type: 'image/png' };
}
