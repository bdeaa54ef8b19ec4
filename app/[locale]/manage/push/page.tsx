import { Container } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';
import { PushAdmin } from '@/components/push/push-admin';
import { SpotBatchAdmin } from '@/components/push/spot-batch-admin';
import type { Locale } from '@/i18n/routing';
import { requirePageSession } from '@/lib/server/auth/page-guard';
import { pageAlternates } from '@/lib/shared/seo';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Push.admin' });
  return { title: t('title'), alternates: pageAlternates(locale, '/manage/push'), robots: { index: false } };
}

/** Administrators: push users and their grants (issue 35.1). */
export default async function ManagePushPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // The proxy is the first gate; this re-checks the session and the administrator permission (MOD_ADMIN).
  await requirePageSession(locale, '/manage/push');
  return (
    <Container size={960} py="xl" px={{ base: 'xs', sm: 'md' }}>
      <ClientMessages groups={['Push']}>
        <QueryBoundary>
          <PushAdmin />
        </QueryBoundary>
        <QueryBoundary>
          <SpotBatchAdmin />
        </QueryBoundary>
      </ClientMessages>
    </Container>
  );
}
