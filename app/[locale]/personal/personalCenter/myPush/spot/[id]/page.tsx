import { Container } from '@mantine/core';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PersonalNav } from '@/components/personal/personal-nav';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';
import { SpotBatchDetailScreen } from '@/components/push/spot-batch-detail';
import type { Locale } from '@/i18n/routing';
import { requirePageSession } from '@/lib/server/auth/page-guard';
import { getEnv } from '@/lib/server/env';

type Props = { params: Promise<{ locale: Locale; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const t = await getTranslations({ locale, namespace: 'Push.spotBatches' });
  return { title: t('detailTitle', { id }), robots: { index: false } };
}

/** One of my spot push batches: its spots on a map and as a table, and the Excel download (the API answers only the owner and administrators). */
export default async function SpotBatchPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  if (!/^[1-9]\d{0,17}$/.test(id)) notFound();
  const session = await requirePageSession(locale, `/personal/personalCenter/myPush/spot/${id}`);
  const env = getEnv();
  return (
    <Container size={1200} py="xl" px={{ base: 'xs', sm: 'md' }}>
      <PersonalNav locale={locale} active="/personal/personalCenter/myPush" permissions={session.permissions} />
      <ClientMessages groups={['MapView', 'Push']}>
        <QueryBoundary>
          <SpotBatchDetailScreen id={id} config={{ serviceBase: env.MAP_SERVICE_BASE, tiandituKey: env.TIANDITU_KEY ?? null }} />
        </QueryBoundary>
      </ClientMessages>
    </Container>
  );
}
