import { Container } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';
import { CaseScreen } from '@/components/verification/case-screen';
import type { Locale } from '@/i18n/routing';
import { requirePageSession } from '@/lib/server/auth/page-guard';
import { getEnv } from '@/lib/server/env';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ id?: string | string[] }> };

const PATH = '/verify/lawenforceinspect/lawSpotDetail';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'VerifyCase' });
  return { title: t('metaTitle'), robots: { index: false } };
}

/**
 * One spot's verification case (issue 33, spec §2): for a signed-in user; the API answers only the verification roles
 * whose regions reach the case (404 for anyone else, shown as "not found or outside your area").
 */
export default async function LawSpotDetailPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  await requirePageSession(locale, PATH);
  const { id } = await searchParams;
  const caseId = typeof id === 'string' && /^[1-9]\d{0,15}$/.test(id) ? id : null;
  const env = getEnv();
  return (
    <Container size={1200} py="lg" px={{ base: 'xs', sm: 'md' }}>
      <ClientMessages groups={['MapView', 'Spots', 'Verification', 'VerifyCase', 'VerifyPhotos', 'Workflow.history']}>
        <QueryBoundary>
          <CaseScreen id={caseId} config={{ serviceBase: env.MAP_SERVICE_BASE, tiandituKey: env.TIANDITU_KEY ?? null }} />
        </QueryBoundary>
      </ClientMessages>
    </Container>
  );
}
