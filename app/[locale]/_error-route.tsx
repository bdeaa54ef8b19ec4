import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ErrorPage, type ErrorCode } from '@/components/errors/error-page';
import type { Locale } from '@/i18n/routing';

type Props = { params: Promise<{ locale: Locale }> };

/** The page and metadata of one error screen; each of /401, /403 and /404 is one line of this. */
export function errorRoute(code: ErrorCode) {
  return {
    async generateMetadata({ params }: Props): Promise<Metadata> {
      const { locale } = await params;
      const t = await getTranslations({ locale, namespace: 'ErrorPage' });
      return { title: t(`title${code}`), robots: { index: false } };
    },
    async Page({ params }: Props) {
      const { locale } = await params;
      setRequestLocale(locale);
      return <ErrorPage code={code} />;
    },
  };
}
