import { Container } from '@mantine/core';
import type { Metadata, Viewport } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';
import { FieldScreen } from '@/components/verification/field/field-screen';
import { VerifyNav } from '@/components/verification/verify-nav';
import type { Locale } from '@/i18n/routing';
import { requirePageSession } from '@/lib/server/auth/page-guard';
import { getEnv } from '@/lib/server/env';
import { FIELD_PATH, fieldManifestUrl } from '@/lib/shared/verification/field-offline';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'VerifyField.app' });
  return {
    title: t('name'),
    robots: { index: false },
    manifest: fieldManifestUrl(locale),
    appleWebApp: { capable: true, title: t('shortName'), statusBarStyle: 'default' },
  };
}

export const viewport: Viewport = { themeColor: '#04358a' };

/**
 * Field work (issue 34.2): a county checker's spots on the phone, online or not. The page reads only the device's
 * store (IndexedDB) and installs as an app whose service worker keeps it (lib/client/field).
 */
export default async function FieldWorkPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requirePageSession(locale, FIELD_PATH);
  const env = getEnv();
  const t = await getTranslations({ locale, namespace: 'VerifyField' });
  return (
    <Container size={900} py="md" px={{ base: 'xs', sm: 'md' }}>
      <VerifyNav locale={locale} active="fieldWork" />
      <h1 style={{ margin: '0 0 4px', fontSize: 'var(--mantine-h2-font-size)' }}>{t('title')}</h1>
      <p style={{ margin: '0 0 12px' }}>{t('intro')}</p>
      <ClientMessages groups={['MapView', 'Spots', 'Verification', 'VerifyField', 'VerifyCase.form', 'VerifyPhotos.kinds']}>
        <QueryBoundary>
          <FieldScreen config={{ serviceBase: env.MAP_SERVICE_BASE, tiandituKey: env.TIANDITU_KEY ?? null }} />
        </QueryBoundary>
      </ClientMessages>
    </Container>
  );
}
