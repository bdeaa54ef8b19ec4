import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickMessages, type MessageGroup } from '@/i18n/client-messages';
import { MessagesScope } from './messages-scope';

/**
 * Hands the browser the message groups a page's client parts translate with, on top of the site
 * frame's (i18n/client-messages.ts). Write the list literally: the source check reads it.
 */
export async function ClientMessages({ groups, children }: { groups: readonly MessageGroup[]; children: ReactNode }) {
  const messages = await getMessages();
  return <MessagesScope messages={pickMessages(messages, groups)}>{children}</MessagesScope>;
}
