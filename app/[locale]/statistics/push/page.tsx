import { Container, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';
import { PushStatisticsScreen } from '@/components/push-statistics/push-statistics-screen';
import type { Locale } from '@/i18n/routing';
import { requirePageSession } from '@/lib/server/auth/page-guard';
import { isAdministrator } from '@/lib/server/auth/roles';
import { pageAlternates } from '@/lib/shared/seo';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'PushStats' });
  return { title: t('title'), description: t('intro'), alternates: pageAlternates(locale, '/statistics/push'), robots: { index: false } };
}

/**
 * Push statistics (spec §2 `/statistics/push`, issue 36.3): signed-in users; a node user reads their own figures,
 * administrators everyone's (the API decides who may read whom).
 */
export default async function PushStatisticsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // The proxy is the first gate; this re-checks the session.
  const session = await requirePageSession(locale, '/statistics/push');
  const t = await getTranslations({ locale, namespace: 'PushStats' });
  return (
    <Container size={1400} py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="sm">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text mt={4}>{t('intro')}</Text>
        </div>
        {/* The screen reads its choices from the address (useSearchParams). */}
        <Suspense fallback={null}>
          <ClientMessages groups={['PushStats', 'Push', 'Monitor']}>
            <QueryBoundary>
              <PushStatisticsScreen admin={isAdministrator(session)} />
            </QueryBoundary>
          </ClientMessages>
        </Suspense>
      </Stack>
    </Container>
  );
}
