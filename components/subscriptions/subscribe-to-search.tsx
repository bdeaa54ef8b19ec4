'use client';
/**
 * "Subscribe to this search" on the image query (issue 35.4): saves the submitted filters and area as a
 * subscription of the signed-in user; the server checks it as it checks a search.
 */
import { useTranslations } from 'next-intl';
import { submittedFilter } from '@/lib/client/stores/selection-request';
import { selectUser } from '@/lib/client/stores/selectors';
import { useSelectionStore } from '@/lib/client/stores/selection-store';
import { useSessionStore } from '@/lib/client/stores/session-store';
import { SubscribeDialog } from './subscribe-dialog';

export { MY_SUBSCRIPTIONS_PATH } from './subscribe-dialog';

export function SubscribeToSearch() {
  const t = useTranslations('Subscriptions.subscribe');
  const signedIn = useSessionStore((s) => selectUser(s) !== null);
  const submitted = useSelectionStore((s) => s.submitted);
  if (!signedIn || !submitted) return null;
  return (
    <SubscribeDialog
      testId="subscribe-search"
      labels={{
        button: t('button'),
        title: t('title'),
        intro: t('intro'),
        name: t('name'),
        submit: t('submit'),
        created: t('created'),
        manage: t('manage'),
      }}
      defaultName={() => t('defaultName', { date: new Date().toISOString().slice(0, 10) })}
      body={(name, delivery) => ({ name, query: { filter: submittedFilter(submitted) }, ...delivery })}
    />
  );
}
