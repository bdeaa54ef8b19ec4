// GET /api/process-spot-bjhs/v1/process/field-package — a county checker's offline package of a batch (issue 34.2)
import { withApi } from '@/lib/server/api/with-api';
import { actorOf } from '@/lib/server/verification/cases';
import { fieldPackage } from '@/lib/server/verification/field';
import { fieldPackageContract } from '@/lib/shared/contracts/verification-field';

export const GET = withApi(fieldPackageContract, async ({ db, session, query, locale }) =>
  fieldPackage(db, await actorOf(db, session!), query, locale),
);
