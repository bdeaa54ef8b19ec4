// POST /api/push-spot-bjhs/v3/spot-tar-meta/export — export one batch's automatically extracted spots in my range (issue 33.6): a job
import { withApi } from '@/lib/server/api/with-api';
import { actorOf } from '@/lib/server/verification/cases';
import { requestExport } from '@/lib/server/verification/exports';
import { batchExportContract } from '@/lib/shared/contracts/verification';

export const POST = withApi(batchExportContract, async ({ db, session, body, locale }) => {
  const { format, lang, ...filters } = body;
  return requestExport(db, await actorOf(db, session!), { filters, format, lang: lang ?? locale, source: 'auto' }, locale);
});
