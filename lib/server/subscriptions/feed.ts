import 'server-only';
/**
 * A subscription's Atom feed (RFC 4287): its latest SUBSCRIPTION_LIMITS.feedEntries matched scenes or spots, newest first,
 * at a secret address. The route answers 404 alike for an unknown subscription and a wrong key.
 */
import { SUBSCRIPTION_LIMITS } from '../../shared/contracts/subscriptions';
import type { Queryable } from '../db/types';
import { translateMessage } from '../i18n';
import { subscriptionItems } from './items';
import { feedUrl, subscriptionByFeedKey } from './service';

const xml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The feed's XML, or null when the id and key do not open a subscription. */
export async function subscriptionFeed(db: Queryable, id: string, key: string, locale: 'zh' | 'en'): Promise<string | null> {
  const sub = await subscriptionByFeedKey(db, id, key);
  if (!sub) return null;
  const items = await subscriptionItems(db, sub, 'recent', SUBSCRIPTION_LIMITS.feedEntries);
  const updated = items[0]?.matchedAt ?? new Date(sub.created_at).toISOString();
  const entries = items.map((item) => {
    const [w, south, e, n] = item.bbox;
    return `  <entry>
    <id>${xml(item.urn)}</id>
    <title>${xml(item.title(locale))}</title>
    <updated>${item.matchedAt}</updated>
    <published>${xml(item.published)}</published>
    <link rel="alternate" type="${item.linkType}" href="${xml(item.link(locale))}"/>
    <summary>${xml(item.summary(locale))}</summary>
    <georss:box>${south} ${w} ${n} ${e}</georss:box>
  </entry>`;
  });
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:georss="http://www.georss.org/georss">
  <id>urn:rscloud:subscription:${xml(sub.id)}</id>
  <title>${xml(translateMessage(locale, 'Subscriptions.feed.title', { name: sub.name }))}</title>
  <updated>${updated}</updated>
  <link rel="self" type="application/atom+xml" href="${xml(feedUrl(sub.id, sub.feed_secret))}"/>
  <author><name>${xml(translateMessage(locale, 'Subscriptions.feed.author'))}</name></author>
${entries.join('\n')}
</feed>
`;
}
