import '@/components/providers/mantine-styles';
import '@mantine/notifications/styles.css';
import '@/components/providers/theme-variables.css';
import '../globals.css';
import { mantineHtmlProps } from '@mantine/core';
import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { Suspense, type ReactNode } from 'react';
import { LoginDialogSlot } from '@/components/auth/login-dialog-slot';
import { BackToTop } from '@/components/layout/back-to-top';
import { RouteEffects } from '@/components/layout/route-effects';
import { SiteFooter } from '@/components/layout/site-footer';
import { SiteHeader } from '@/components/layout/site-header';
import { AppProviders } from '@/components/providers/app-providers';
import { pickMessages, SHELL_MESSAGES } from '@/i18n/client-messages';
import { HTML_LANG, routing } from '@/i18n/routing';
import { defaultOgImage } from '@/lib/shared/seo';
import { getEnv } from '@/lib/server/env';
import { getFooterInfo } from '@/lib/server/site';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale: requested } = await params;
  const locale = hasLocale(routing.locales, requested) ? requested : 'zh';
  const t = await getTranslations({ locale, namespace: 'Metadata' });
  return {
    metadataBase: new URL(getEnv().SITE_URL),
    title: { default: t('siteName'), template: t('titleTemplate') },
    description: t('description'),
    applicationName: t('siteName'),
    icons: { icon: '/icon.svg' },
    openGraph: {
      type: 'website',
      siteName: t('siteName'),
      locale: locale === 'zh' ? 'zh_CN' : 'en_US',
      images: [defaultOgImage(locale, t('ogImageAlt'))],
    },
    twitter: { card: 'summary_large_image' },
  };
}

export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#04358a' };

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const footer = getFooterInfo();
  // Only the site frame's messages: pages add their own (components/providers/client-messages.tsx).
  const messages = pickMessages(await getMessages(), SHELL_MESSAGES);

  // The portal is light only (AppProviders forces it), so the scheme is the static attribute of
  // mantineHtmlProps: no ColorSchemeScript reading localStorage before paint, and no client module for it.
  return (
    <html lang={HTML_LANG[locale]} {...mantineHtmlProps}>
      <body>
        <NextIntlClientProvider messages={messages}>
          <AppProviders>
            <SiteHeader />
            <main id="main" tabIndex={-1}>
              {children}
            </main>
            <SiteFooter info={footer} />
            <BackToTop />
            <RouteEffects />
            <Suspense fallback={null}>
              <LoginDialogSlot />
            </Suspense>
          </AppProviders>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
