import { Container } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';
import { TleAdmin } from '@/components/tle-admin/tle-admin';
import type { Locale } from '@/i18n/routing';
import { requirePageSession } from '@/lib/server/auth/page-guard';
import { pageAlternates } from '@/lib/shared/seo';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'TleAdmin' });
  return { title: t('title'), alternates: pageAlternates(locale, '/manage/tle'), robots: { index: false } };
}

export default async function ManageTlePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // The proxy is the first gate; this re-checks the session and the administrator permission (MOD_ADMIN).
  await requirePageSession(locale, '/manage/tle');
  return (
    <Container size={960} py="xl">
      <ClientMessages groups={['Orbits.uncertainty', 'TleAdmin', 'TleSource']}>
        <QueryBoundary>
          <TleAdmin />
        </QueryBoundary>
      </ClientMessages>
    </Container>
  );
}
