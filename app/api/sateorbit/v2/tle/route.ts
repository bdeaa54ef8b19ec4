// POST /api/sateorbit/v2/tle — upload a TLE file as the current element set; GET — the stored sets (administrators)
import { withApi } from '@/lib/server/api/with-api';
import { listTleSets, uploadedTleFile, uploadTleSet } from '@/lib/server/orbits/tle-admin';
import { listTleSetsContract, uploadTleContract } from '@/lib/shared/contracts/tle-admin';

export const POST = withApi(uploadTleContract, async ({ db, request, query, session, locale }) =>
  uploadTleSet(db, {
    file: await uploadedTleFile(request, uploadTleContract.maxBodyBytes!),
    label: query.label,
    userId: session!.userId,
    locale,
  }),
);

export const GET = withApi(listTleSetsContract, async ({ db, query }) => listTleSets(db, query));
