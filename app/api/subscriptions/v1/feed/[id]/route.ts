// GET /api/subscriptions/v1/feed/{id}?key=<secret> — a subscription's Atom feed; 404 alike for an unknown id and a wrong key
import { getDb } from '@/lib/server/db';
import { localeOfRequest } from '@/lib/server/i18n';
import { subscriptionFeed } from '@/lib/server/subscriptions';
import { feedParamsSchema, feedQuerySchema } from '@/lib/shared/contracts/subscriptions';

export const dynamic = 'force-dynamic';

const missing = () =>
  new Response('Not found\n', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const params = feedParamsSchema.safeParse(await context.params);
  const query = feedQuerySchema.safeParse({ key: new URL(request.url).searchParams.get('key') ?? '' });
  if (!params.success || !query.success) return missing();
  const feed = await subscriptionFeed(await getDb(), params.data.id, query.data.key, localeOfRequest(request));
  if (feed === null) return missing();
  return new Response(feed, {
    headers: { 'content-type': 'application/atom+xml; charset=utf-8', 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' },
  });
}
