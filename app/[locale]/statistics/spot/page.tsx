import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';
import { DemoLoadingNotice } from '@/components/ui/demo-loading-notice';
import { SpotStatisticsScreen } from '@/components/spot-statistics/spot-statistics-screen';
import type { Locale } from '@/i18n/routing';
import { getEnv } from '@/lib/server/env';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'SpotStatistics' });
  return { title: t('title'), description: t('intro'), robots: { index: false } };
}

// The same page for every visitor: the figures load on the client (details as the session allows), so the page is
// rendered on its first request (map settings are read then) and cached. Region and period live in the URL's query.
export const revalidate = 3600;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

/** Spot statistics (spec §2 `/statistics/spot`, issue 36.4). */
export default async function SpotStatisticsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'SpotStatistics' });
  const env = getEnv();
  const config = { serviceBase: env.MAP_SERVICE_BASE, tiandituKey: env.TIANDITU_KEY ?? null };
  return (
    <Container size={1400} py="lg">
      <Stack gap="sm">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text mt={4}>{t('intro')}</Text>
        </div>
        <Alert variant="light" color="yellow" py={6} data-testid="spot-stats-demo-notice">
          <Text size="sm">{t('demoNotice')}</Text>
        </Alert>
        <Suspense fallback={null}>
          <ClientMessages groups={['SpotStatistics', 'Routes', 'DemoStatus', 'MapView', 'Monitor']}>
            <QueryBoundary>
              <DemoLoadingNotice sets={['spots', 'themes-demo', 'nonagricultural-demo', 'planting-demo', 'verification']} />
              <SpotStatisticsScreen config={config} />
            </QueryBoundary>
          </ClientMessages>
        </Suspense>
      </Stack>
    </Container>
  );
}
