// POST /api/process-spot-bjhs/v1/process/export — export the cases in my range under the case list's filters (issue 33.6): a job
import { withApi } from '@/lib/server/api/with-api';
import { actorOf } from '@/lib/server/verification/cases';
import { requestExport } from '@/lib/server/verification/exports';
import { caseExportContract } from '@/lib/shared/contracts/verification';

export const POST = withApi(caseExportContract, async ({ db, session, body, locale }) => {
  const { format, lang, ...filters } = body;
  return requestExport(db, await actorOf(db, session!), { filters, format, lang: lang ?? locale }, locale);
});
