import { Container, Stack, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MyOrdersScreen } from '@/components/orders/my-orders-screen';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';
import type { Locale } from '@/i18n/routing';
import { PersonalNav } from '@/components/personal/personal-nav';
import { requirePageSession } from '@/lib/server/auth/page-guard';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Orders.list' });
  return { title: t('title'), robots: { index: false } };
}

/** Personal centre → My orders (spec §2). */
export default async function MyOrdersPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const session = await requirePageSession(locale, '/personal/personalCenter/myOrder');
  const t = await getTranslations({ locale, namespace: 'Orders.list' });
  return (
    <Container size={1100} py="xl">
      <PersonalNav locale={locale} active="/personal/personalCenter/myOrder" permissions={session.permissions} />
      <ClientMessages groups={['Catalogue', 'Orders', 'Spots']}>
        <Stack gap="md">
          <Title order={1}>{t('title')}</Title>
          <QueryBoundary>
            <MyOrdersScreen />
          </QueryBoundary>
        </Stack>
      </ClientMessages>
    </Container>
  );
}
