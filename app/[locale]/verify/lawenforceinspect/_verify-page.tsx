import { Alert, Container, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { MessageGroup } from '@/i18n/client-messages';
import type { Locale } from '@/i18n/routing';
import { ClientMessages } from '@/components/providers/client-messages';
import { QueryBoundary } from '@/components/providers/query-boundary';
import { VerifyNav, verifyPath, type VerifyScreen } from '@/components/verification/verify-nav';
import type { VerifyRole } from '@/components/verification/roles';
import { requirePageSession } from '@/lib/server/auth/page-guard';
import { getDb } from '@/lib/server/db';
import { findRegion } from '@/lib/server/regions/repository';
import { actorOf } from '@/lib/server/verification/cases';

export async function verifyMetadata(locale: Locale, screen: VerifyScreen): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'Routes' });
  return { title: t(screen), robots: { index: false } };
}

/**
 * The frame of the law-enforcement inspection's lists (spec §2 /verify/lawenforceinspect; issue 33.3): a session is
 * required (a signed-out visitor goes home to the login dialog and comes back), the user's verification roles are
 * read here and handed to the screen (it starts in their region and says what they may do), and the screen's
 * messages are handed to the browser. A user with no verification role is told so; the lists would be empty.
 */
export async function VerifyPage({
  locale,
  screen,
  messages,
  children,
}: {
  locale: Locale;
  screen: VerifyScreen;
  /** The message groups of the screen (`clientMessageGroups([…])` in the page, where the source check reads them). */
  messages: readonly MessageGroup[];
  children: (access: { roles: VerifyRole[]; admin: boolean }) => ReactNode;
}) {
  const session = await requirePageSession(locale, verifyPath(screen));
  const db = await getDb();
  const actor = await actorOf(db, session);
  const roles: VerifyRole[] = await Promise.all(
    actor.roles.map(async (r) => ({ ...r, regionName: (await findRegion(db, r.regionCode, locale))?.name ?? r.regionCode })),
  );
  const t = await getTranslations({ locale, namespace: 'VerifyList' });
  const tr = await getTranslations({ locale, namespace: 'Routes' });
  return (
    <Container size={1400} py="lg">
      <VerifyNav locale={locale} active={screen} />
      <Stack gap="sm">
        <div>
          <Title order={1}>{tr(screen)}</Title>
          <Text mt={4}>{t(`${screen}.intro`)}</Text>
          {roles.length > 0 ? (
            <Text size="sm" c="gray.7" mt={4} data-testid="verify-roles">
              {t('myRoles', {
                roles: roles.map((r) => t('roleIn', { role: t(`roles.${r.role}`), region: r.regionName })).join(t('listSeparator')),
              })}
            </Text>
          ) : null}
        </div>
        {roles.length === 0 && !actor.admin ? (
          <Alert color="yellow" variant="light" title={t('noRoleTitle')} data-testid="verify-no-role">
            {t('noRole')}
          </Alert>
        ) : null}
        <ClientMessages groups={messages}>
          <QueryBoundary>{children({ roles, admin: actor.admin })}</QueryBoundary>
        </ClientMessages>
      </Stack>
    </Container>
  );
}
