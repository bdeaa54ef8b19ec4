// POST /api/push-spot-zdbh/v3/spot-tar-meta/export — export one batch's key-change spots in my range (issue 33.6): a job
import { withApi } from '@/lib/server/api/with-api';
import { actorOf } from '@/lib/server/verification/cases';
import { requestExport } from '@/lib/server/verification/exports';
import { keyChangeBatchExportContract } from '@/lib/shared/contracts/verification';

export const POST = withApi(keyChangeBatchExportContract, async ({ db, session, body, locale }) => {
  const { format, lang, ...filters } = body;
  return requestExport(db, await actorOf(db, session!), { filters, format, lang: lang ?? locale, source: 'key_change' }, locale);
});
