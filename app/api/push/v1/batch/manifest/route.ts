// GET /api/push/v1/batch/manifest — a batch's manifest with signed links to its files, saved as JSON (its push user or an
// administrator; the push user's first fetch records the delivery)
import { withApi } from '@/lib/server/api/with-api';
import { manifestFile } from '@/lib/server/push';
import { batchManifestContract } from '@/lib/shared/contracts/push-exports';

export const GET = withApi(batchManifestContract, async ({ db, session, query, locale }) =>
  manifestFile(db, session, query.id, query.lang ?? locale),
);
