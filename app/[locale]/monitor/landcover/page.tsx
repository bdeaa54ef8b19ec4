import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MonitorScreen } from '@/components/monitor/monitor-screen';
import { LANDCOVER_THEME } from '@/components/monitor/themes/landcover/theme';
import type { Locale } from '@/i18n/routing';
import { getEnv } from '@/lib/server/env';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Landcover' });
  return { title: t('title'), description: t('intro'), robots: { index: false } };
}

// The same page for every visitor, so it is static: rendered on its first request (the map settings —
// Tianditu key, map service base — are read then, not at build) and served from the cache after. Everything
// that depends on the visitor (session, module, region) happens in the client screen.
export const revalidate = 3600;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

/**
 * Land-cover monitoring. The statistics module is public; the menu shows the theme only to MOD_056
 * holders, and the detail, grid and sequence modules need a session, MOD_056 and an area range (checked
 * in the screen, and by their APIs on the server).
 */
export default async function LandcoverPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Landcover' });
  const env = getEnv();
  const config = { serviceBase: env.MAP_SERVICE_BASE, tiandituKey: env.TIANDITU_KEY ?? null };
  return (
    <Container size={1400} py="lg">
      <Stack gap="sm">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text mt={4}>{t('intro')}</Text>
        </div>
        <Alert variant="light" color="yellow" title={t('demoTitle')} data-testid="landcover-demo-notice">
          {t('demoNotice')}
        </Alert>
        <Suspense fallback={null}>
          <ClientMessages groups={['MapView', 'Monitor', 'Spots']}>
            <QueryBoundary>
              <MonitorScreen theme={LANDCOVER_THEME} config={config} />
            </QueryBoundary>
          </ClientMessages>
        </Suspense>
      </Stack>
    </Container>
  );
}
