// GET /api/push/v1/feed/atom — a push user's pull feed: an Atom feed of their batches (token header), `?unacknowledged=1`
import { withApi } from '@/lib/server/api/with-api';
import { pushFeedXml } from '@/lib/server/push';
import { pushFeedContract } from '@/lib/shared/contracts/push';

export const GET = withApi(pushFeedContract, async ({ db, session, query, locale }) => {
  const feed = await pushFeedXml(db, session!.userId, query, locale);
  return new Response(feed, {
    headers: { 'content-type': 'application/atom+xml; charset=utf-8', 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' },
  });
});
