// POST /api/sateorbit/v2/tle/{id}/current — make a stored element set current again (administrators)
import { withApi } from '@/lib/server/api/with-api';
import { makeTleSetCurrent } from '@/lib/server/orbits/tle-admin';
import { makeTleSetCurrentContract } from '@/lib/shared/contracts/tle-admin';

export const POST = withApi(makeTleSetCurrentContract, async ({ db, params }) => makeTleSetCurrent(db, params.id));
