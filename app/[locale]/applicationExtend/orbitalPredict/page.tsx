import { Container, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { OrbitalPredictScreen } from '@/components/orbits/orbital-predict-screen';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';
import type { Locale } from '@/i18n/routing';
import { getDb } from '@/lib/server/db';
import { getEnv } from '@/lib/server/env';
import { orbitMissions } from '@/lib/server/orbits/choices';
import { pageAlternates } from '@/lib/shared/seo';

type Props = { params: Promise<{ locale: Locale }> };

const PATH = '/applicationExtend/orbitalPredict';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'OrbitalPredict' });
  return { title: t('title'), description: t('intro'), alternates: pageAlternates(locale, PATH) };
}

// Rendered per request: the satellites offered are those the current orbital elements cover, and an
// administrator's new TLE file changes them at once (one small query); the map settings are read then too. The
// plan lives in the URL's query string and is run by the client screen.
export const dynamic = 'force-dynamic';

/** Orbit prediction (spec §2 `/applicationExtend/orbitalPredict`, issue 22): which satellites pass over an area, when, and how much they cover. */
export default async function OrbitalPredictPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'OrbitalPredict' });
  const env = getEnv();
  const config = { serviceBase: env.MAP_SERVICE_BASE, tiandituKey: env.TIANDITU_KEY ?? null };
  const missions = await orbitMissions(await getDb(), locale);
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
        <Suspense fallback={null}>
          <ClientMessages groups={['Catalogue', 'Coverage', 'MapView', 'Normal', 'Orbits', 'OrbitalPredict', 'RegionPicker', 'Satellites.group', 'TleSource', 'Upload']}>
            <QueryBoundary>
              <OrbitalPredictScreen config={config} missions={missions} />
            </QueryBoundary>
          </ClientMessages>
        </Suspense>
      </Stack>
    </Container>
  );
}
