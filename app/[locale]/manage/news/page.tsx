import { Container } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { NewsEditor } from '@/components/news/news-editor';
import type { Locale } from '@/i18n/routing';
import { requirePageSession } from '@/lib/server/auth/page-guard';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'NewsEditor' });
  return { title: t('title'), robots: { index: false } };
}

export default async function ManageNewsPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // The proxy is the first gate; this re-checks the session and the editor permission.
  await requirePageSession(locale, '/manage/news');
  return (
    <Container size={1200} py="xl">
      <ClientMessages groups={['NewsEditor', 'Share.cover', 'Share.errors']}>
        <QueryBoundary>
          <NewsEditor />
        </QueryBoundary>
      </ClientMessages>
    </Container>
  );
}
