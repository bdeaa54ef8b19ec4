import { Container, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { Locale } from '@/i18n/routing';
import { getEnv } from '@/lib/server/env';
import { pageAlternates } from '@/lib/shared/seo';

type Props = { params: Promise<{ locale: Locale }> };
type Namespace = 'Register' | 'ResetPassword';

/** The page and metadata of a public account form (/register, /resetPassword). */
export function accountPage(namespace: Namespace, path: string, form: (options: { mailConfigured: boolean }) => ReactNode) {
  return {
    async generateMetadata({ params }: Props): Promise<Metadata> {
      const { locale } = await params;
      const t = await getTranslations({ locale, namespace });
      return { title: t('title'), description: t('intro'), alternates: pageAlternates(locale, path) };
    },
    async Page({ params }: Props) {
      const { locale } = await params;
      setRequestLocale(locale);
      const t = await getTranslations({ locale, namespace });
      return (
        <Container size={760} py="xl">
          <Stack gap="md">
            <Title order={1}>{t('title')}</Title>
            <Text c="dimmed">{t('intro')}</Text>
            {form({ mailConfigured: Boolean(getEnv().SMTP_URL) })}
          </Stack>
        </Container>
      );
    },
  };
}
