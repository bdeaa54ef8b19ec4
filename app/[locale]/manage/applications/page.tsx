import { Container } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ApplicationsAdmin } from '@/components/applications-admin/applications-admin';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';
import type { Locale } from '@/i18n/routing';
import { requirePageSession } from '@/lib/server/auth/page-guard';
import { pageAlternates } from '@/lib/shared/seo';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'ApplicationsAdmin' });
  return { title: t('title'), alternates: pageAlternates(locale, '/manage/applications'), robots: { index: false } };
}

export default async function ManageApplicationsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // The proxy is the first gate; this re-checks the session and the administrator permission (MOD_ADMIN).
  await requirePageSession(locale, '/manage/applications');
  return (
    <Container size={1200} py="xl">
      <ClientMessages groups={['Applications', 'ApplicationsAdmin', 'Catalogue', 'Spots', 'Workflow']}>
        <QueryBoundary>
          <ApplicationsAdmin />
        </QueryBoundary>
      </ClientMessages>
    </Container>
  );
}
