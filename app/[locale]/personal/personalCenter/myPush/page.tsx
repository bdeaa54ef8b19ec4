import { Container, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { PersonalNav } from '@/components/personal/personal-nav';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';
import { FeedAccess } from '@/components/push/feed-access';
import { MyGrants } from '@/components/push/my-grants';
import { MyPushes } from '@/components/push/my-pushes';
import { MySpotBatches } from '@/components/push/my-spot-batches';
import type { Locale } from '@/i18n/routing';
import { requirePageSession } from '@/lib/server/auth/page-guard';
import { getDb } from '@/lib/server/db';
import { getEnv } from '@/lib/server/env';
import { getPushUser } from '@/lib/server/push';
import { PUSH_FEED_PATH } from '@/lib/shared/contracts/push';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Push.mine' });
  return { title: t('title'), robots: { index: false } };
}

/** Personal centre → My pushes (issue 35.2): what I receive as a push user, and my batches. */
export default async function MyPushPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const session = await requirePageSession(locale, '/personal/personalCenter/myPush');
  const t = await getTranslations({ locale, namespace: 'Push.mine' });
  const pushUser = await getPushUser(await getDb(), session.userId, locale);
  return (
    <Container size={1100} py="xl">
      <PersonalNav locale={locale} active="/personal/personalCenter/myPush" permissions={session.permissions} />
      <Stack gap="md">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text mt="xs">{pushUser ? t('intro') : t('notPush')}</Text>
        </div>
        {pushUser ? <MyGrants user={pushUser} locale={locale} /> : null}
        <ClientMessages groups={['Push']}>
          <QueryBoundary>
            <MyPushes />
          </QueryBoundary>
          {/* A push user polls their batches from the pull feed with their token. */}
          {pushUser ? <FeedAccess feedUrl={new URL(PUSH_FEED_PATH, getEnv().SITE_URL).toString()} /> : null}
          <QueryBoundary>
            <MySpotBatches />
          </QueryBoundary>
        </ClientMessages>
      </Stack>
    </Container>
  );
}
