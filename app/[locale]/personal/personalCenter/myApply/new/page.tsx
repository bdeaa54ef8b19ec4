import { Container } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ApplicationForm } from '@/components/applications/application-form';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';
import type { Locale } from '@/i18n/routing';
import { requirePageSession } from '@/lib/server/auth/page-guard';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Applications' });
  return { title: t('newTitle'), robots: { index: false } };
}

export default async function NewApplicationPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requirePageSession(locale, '/personal/personalCenter/myApply/new');
  return (
    <Container size={1000} py="xl">
      <ClientMessages groups={['Applications', 'Catalogue', 'RegionPicker', 'Upload']}>
        <QueryBoundary>
          <ApplicationForm />
        </QueryBoundary>
      </ClientMessages>
    </Container>
  );
}
