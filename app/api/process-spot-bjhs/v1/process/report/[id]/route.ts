// GET /api/process-spot-bjhs/v1/process/report/{id}?lang=zh|en — one verification case as a PDF report (issue 33.6)
import { withApi } from '@/lib/server/api/with-api';
import { actorOf } from '@/lib/server/verification/cases';
import { caseReport } from '@/lib/server/verification/report';
import { caseReportContract } from '@/lib/shared/contracts/verification';

export const GET = withApi(caseReportContract, async ({ db, session, params, query, locale }) =>
  caseReport(db, await actorOf(db, session!), String(params.id), query.lang ?? locale, session!.username),
);
