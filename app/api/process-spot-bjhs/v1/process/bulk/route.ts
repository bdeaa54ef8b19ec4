// POST /api/process-spot-bjhs/v1/process/bulk — move several cases to one stage, each on its own (issue 33: bulk accept)
import { withApi } from '@/lib/server/api/with-api';
import { isQualifiedMessageKey, translateMessage } from '@/lib/server/i18n';
import { actorOf, moveCases } from '@/lib/server/verification/cases';
import { caseBulkContract } from '@/lib/shared/contracts/verification';

export const POST = withApi(caseBulkContract, async ({ db, session, body, locale, t }) =>
  moveCases(db, await actorOf(db, session!), body, (error) =>
    isQualifiedMessageKey(error.messageKey) ? translateMessage(locale, error.messageKey, error.values) : t(error.messageKey, error.values),
  ),
);
