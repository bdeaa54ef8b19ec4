import { Container, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CartScreen } from '@/components/orders/cart-screen';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';
import type { Locale } from '@/i18n/routing';
import { PersonalNav } from '@/components/personal/personal-nav';
import { requirePageSession } from '@/lib/server/auth/page-guard';
import { getEnv } from '@/lib/server/env';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Orders.cart' });
  return { title: t('title'), robots: { index: false } };
}

/** Personal centre → Shopping (spec §2): the cart and the checkout. */
export default async function ShoppingPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const session = await requirePageSession(locale, '/personal/personalCenter/shopping');
  const t = await getTranslations({ locale, namespace: 'Orders.cart' });
  const env = getEnv();
  return (
    <Container size={1200} py="xl">
      <PersonalNav locale={locale} active="/personal/personalCenter/shopping" permissions={session.permissions} />
      <ClientMessages groups={['Catalogue', 'MapView', 'Orders']}>
        <Stack gap="md">
          <div>
            <Title order={1}>{t('title')}</Title>
            <Text size="sm" mt={4}>
              {t('intro')}
            </Text>
          </div>
          <QueryBoundary>
            <CartScreen mapConfig={{ serviceBase: env.MAP_SERVICE_BASE, tiandituKey: env.TIANDITU_KEY ?? null }} />
          </QueryBoundary>
        </Stack>
      </ClientMessages>
    </Container>
  );
}
