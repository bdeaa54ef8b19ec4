import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ImageQueryScreen } from '@/components/catalog/image-query-screen';
import { ClientMessages } from '@/components/providers/client-messages';
import { DemoLoadingNotice } from '@/components/ui/demo-loading-notice';
import { QueryBoundary } from '@/components/providers/query-boundary';
import type { Locale } from '@/i18n/routing';
import { getEnv } from '@/lib/server/env';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Normal' });
  return { title: t('title'), description: t('intro'), robots: { index: false } };
}

// The same page for every visitor: rendered on its first request (map settings are read then) and cached.
// The search lives in the URL's query string and is run by the client screen.
export const revalidate = 3600;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

/** Image query (spec §2 `/normal`): public search of the scene catalogue on a map. */
export default async function NormalPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Normal' });
  const env = getEnv();
  const config = { serviceBase: env.MAP_SERVICE_BASE, tiandituKey: env.TIANDITU_KEY ?? null };
  return (
    <Container fluid maw={1800} py="sm">
      <Stack gap="xs">
        <div>
          <Title order={1} size="h3">
            {t('title')}
          </Title>
          <Text size="sm" mt={2}>
            {t('intro')}
          </Text>
        </div>
        <Alert variant="light" color="yellow" py={6} data-testid="normal-demo-notice">
          <Text size="sm">{t('demoNotice')}</Text>
        </Alert>
        <Suspense fallback={null}>
          <ClientMessages groups={['Applications.fromQuery', 'Catalogue', 'Coverage', 'DemoStatus', 'Export', 'MapView', 'Normal', 'Orders', 'RegionPicker', 'SceneList', 'Subscriptions', 'Upload']}>
            <QueryBoundary>
              <DemoLoadingNotice sets={['catalogue']} />
              <ImageQueryScreen config={config} />
            </QueryBoundary>
          </ClientMessages>
        </Suspense>
      </Stack>
    </Container>
  );
}
