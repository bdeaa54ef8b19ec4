// GET /api/main/v1/demo-status — demo data still being generated after the first start, and which (public)
import { withApi } from '@/lib/server/api/with-api';
import { backgroundSeedStatus } from '@/lib/server/db/demo-status';
import { demoStatusContract } from '@/lib/shared/contracts/figures';

export const GET = withApi(demoStatusContract, async () => {
  const { pending, failed } = backgroundSeedStatus();
  return { loading: pending.length > 0, pending, failed };
});
