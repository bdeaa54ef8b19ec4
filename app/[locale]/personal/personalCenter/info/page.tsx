import { Container, Stack, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ChangeContactForm } from '@/components/personal/change-contact-form';
import { ChangePasswordForm } from '@/components/personal/change-password-form';
import { ProfileCard } from '@/components/personal/profile-card';
import type { Locale } from '@/i18n/routing';
import { PersonalNav } from '@/components/personal/personal-nav';
import { requirePageSession } from '@/lib/server/auth/page-guard';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'PersonalInfo' });
  return { title: t('title'), robots: { index: false } };
}

export default async function PersonalInfoPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const session = await requirePageSession(locale, '/personal/personalCenter/info');
  const t = await getTranslations({ locale, namespace: 'PersonalInfo' });
  return (
    <Container size={1000} py="xl">
      <PersonalNav locale={locale} active="/personal/personalCenter/info" permissions={session.permissions} />
      <ClientMessages groups={['PersonalInfo', 'Register']}>
        <Stack gap="lg">
          <Title order={1}>{t('title')}</Title>
          <QueryBoundary>
            <ProfileCard />
          </QueryBoundary>
          <QueryBoundary>
            <ChangePasswordForm />
          </QueryBoundary>
          <QueryBoundary>
            <ChangeContactForm />
          </QueryBoundary>
        </Stack>
      </ClientMessages>
    </Container>
  );
}
