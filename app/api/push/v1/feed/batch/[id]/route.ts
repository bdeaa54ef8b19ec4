// GET /api/push/v1/feed/batch/{id} — one of my batches as a STAC ItemCollection; its last page acknowledges it
import { withApi } from '@/lib/server/api/with-api';
import { batchItemCollection } from '@/lib/server/push';
import { pushFeedBatchContract } from '@/lib/shared/contracts/push';

export const GET = withApi(pushFeedBatchContract, async ({ db, session, params, query }) => {
  const collection = await batchItemCollection(db, session!.userId, params.id, query);
  return new Response(JSON.stringify(collection), {
    headers: { 'content-type': 'application/geo+json', 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' },
  });
});
