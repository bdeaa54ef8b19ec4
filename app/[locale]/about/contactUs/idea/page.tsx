import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages } from '@/components/providers/client-messages';
import { FeedbackPage } from '@/components/about/feedback-page';
import type { Locale } from '@/i18n/routing';
import { requirePageSession } from '@/lib/server/auth/page-guard';
import { pageAlternates } from '@/lib/shared/seo';
import { QueryBoundary } from '@/components/providers/query-boundary';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Feedback' });
  return {
    title: t('title'),
    description: t('intro'),
    alternates: pageAlternates(locale, '/about/contactUs/idea'),
    robots: { index: false },
  };
}

export default async function IdeaPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  // The proxy is the first gate; this re-checks the session and the feedback permission (MOD_054).
  const session = await requirePageSession(locale, '/about/contactUs/idea');
  return (
    <ClientMessages groups={['Feedback', 'FeedbackAdmin']}>
      <QueryBoundary>
        <FeedbackPage userId={session.userId} />
      </QueryBoundary>
    </ClientMessages>
  );
}
