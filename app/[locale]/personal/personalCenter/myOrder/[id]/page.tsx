import { Container } from '@mantine/core';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { OrderDetailScreen } from '@/components/orders/order-detail-screen';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';
import type { Locale } from '@/i18n/routing';
import { PersonalNav } from '@/components/personal/personal-nav';
import { requirePageSession } from '@/lib/server/auth/page-guard';

type Props = { params: Promise<{ locale: Locale; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Orders.list' });
  return { title: t('title'), robots: { index: false } };
}

/** One of the user's orders; the API answers only the owner (404 for anyone else). */
export default async function OrderPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  if (!/^[1-9]\d{0,15}$/.test(id)) notFound();
  const session = await requirePageSession(locale, `/personal/personalCenter/myOrder/${id}`);
  return (
    <Container size={1200} py="xl">
      <PersonalNav locale={locale} active="/personal/personalCenter/myOrder" permissions={session.permissions} />
      <ClientMessages groups={['Catalogue', 'Orders', 'Spots', 'Workflow']}>
        <QueryBoundary>
          <OrderDetailScreen id={Number(id)} />
        </QueryBoundary>
      </ClientMessages>
    </Container>
  );
}
