'use client';

import { IntlProvider, useLocale, useMessages, type AbstractIntlMessages } from 'next-intl';
import { useMemo, type ReactNode } from 'react';
import { mergeMessages } from '@/i18n/client-messages';

/**
 * Adds message groups to those of the provider above (a nested provider alone would replace them),
 * keeping its locale, time zone and formats.
 */
export function MessagesScope({ messages, children }: { messages: AbstractIntlMessages; children: ReactNode }) {
  const outer = useMessages() as AbstractIntlMessages;
  const locale = useLocale();
  const merged = useMemo(() => mergeMessages(outer, messages), [outer, messages]);
  return (
    <IntlProvider locale={locale} messages={merged}>
      {children}
    </IntlProvider>
  );
}
