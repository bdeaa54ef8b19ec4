import { Container, Stack, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Suspense } from 'react';
import { PersonalNav } from '@/components/personal/personal-nav';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';
import { MySubscriptionsScreen } from '@/components/subscriptions/my-subscriptions-screen';
import type { Locale } from '@/i18n/routing';
import { requirePageSession } from '@/lib/server/auth/page-guard';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Subscriptions.screen' });
  return { title: t('title'), robots: { index: false } };
}

/** Personal centre → My subscriptions (issue 35.4): saved image searches and theme subscriptions, and their deliveries. */
export default async function MySubscriptionsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const session = await requirePageSession(locale, '/personal/personalCenter/mySubscription');
  const t = await getTranslations({ locale, namespace: 'Subscriptions.screen' });
  return (
    <Container size={1100} py="xl">
      <PersonalNav locale={locale} active="/personal/personalCenter/mySubscription" permissions={session.permissions} />
      <ClientMessages groups={['Catalogue', 'Subscriptions', 'Themes']}>
        <Stack gap="md">
          <Title order={1}>{t('title')}</Title>
          <QueryBoundary>
            <Suspense>
              <MySubscriptionsScreen />
            </Suspense>
          </QueryBoundary>
        </Stack>
      </ClientMessages>
    </Container>
  );
}
