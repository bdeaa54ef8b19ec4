import 'server-only';
/**
 * A subscription's Atom feed (RFC 4287): its latest SUBSCRIPTION_LIMITS.feedEntries matched scenes, newest first,
 * at a secret address. The route answers 404 alike for an unknown subscription and a wrong key.
 */
import { SUBSCRIPTION_LIMITS } from '../../shared/contracts/subscriptions';
import { SCENE_COLUMNS, toScene, type SceneRow } from '../catalogue';
import type { Queryable } from '../db/types';
import { getEnv } from '../env';
import { translateMessage } from '../i18n';
import { feedUrl, subscriptionByFeedKey } from './service';

const xml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The feed's XML, or null when the id and key do not open a subscription. */
export async function subscriptionFeed(db: Queryable, id: string, key: string, locale: 'zh' | 'en'): Promise<string | null> {
  const sub = await subscriptionByFeedKey(db, id, key);
  if (!sub) return null;
  const rows = await db.query<SceneRow & { matched_at: Date | string }>(
    `SELECT ${SCENE_COLUMNS}, i.matched_at FROM subscription_items i JOIN scenes s ON s.id = i.scene_id
      WHERE i.subscription_id = $1::bigint ORDER BY i.matched_at DESC, s.acquired_at DESC, s.id LIMIT $2`,
    [sub.id, SUBSCRIPTION_LIMITS.feedEntries],
  );
  const { SITE_URL } = getEnv();
  const updated = new Date(rows[0]?.matched_at ?? sub.created_at).toISOString();
  const entries = rows.map((row) => {
    const s = toScene(row);
    const link = `${SITE_URL}/api/normal/v5/normalmeta/id/${encodeURIComponent(s.id)}`;
    const summary = translateMessage(locale, 'Subscriptions.feed.entry', {
      satellite: s.satellite,
      sensor: s.sensor,
      date: s.acquiredAt.slice(0, 10),
      cloud: s.cloudPct === null ? '—' : `${s.cloudPct}%`,
      resolution: s.resolutionM,
    });
    const [w, south, e, n] = s.bbox;
    return `  <entry>
    <id>urn:rscloud:scene:${xml(s.id)}</id>
    <title>${xml(s.fileName)}</title>
    <updated>${new Date(row.matched_at).toISOString()}</updated>
    <published>${xml(s.acquiredAt)}</published>
    <link rel="alternate" type="application/json" href="${xml(link)}"/>
    <summary>${xml(summary)}</summary>
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
