import { Container } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MyApplications } from '@/components/applications/my-applications';
import { PersonalNav } from '@/components/personal/personal-nav';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';
import type { Locale } from '@/i18n/routing';
import { requirePageSession } from '@/lib/server/auth/page-guard';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Applications' });
  return { title: t('title'), robots: { index: false } };
}

export default async function MyApplyPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const session = await requirePageSession(locale, '/personal/personalCenter/myApply');
  return (
    <Container size={1000} py="xl">
      <PersonalNav locale={locale} active="/personal/personalCenter/myApply" permissions={session.permissions} />
      <ClientMessages groups={['Applications', 'Catalogue', 'Spots', 'Workflow']}>
        <QueryBoundary>
          <MyApplications />
        </QueryBoundary>
      </ClientMessages>
    </Container>
  );
}
